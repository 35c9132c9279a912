import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MembersPage } from '../../src/features/members/members-page';
import { db } from '../../src/lib/db';
import { activateLocale } from '../../src/lib/i18n';
import { searchLocalMembers } from '../../src/lib/offline/search-members';
import { Toaster } from '../../src/components/ui/toaster';
import { INSTITUTION_ID, pageAt, prepareDesk } from './cash-receipt-fixtures';

/**
 * The Swahili catalogue plus the translations still waiting in locales/pending (the lead merges
 * them into the .po files; until then the test reads them from where they are written).
 */
async function activateSwahili() {
  await activateLocale('sw');
  const folder = join(process.cwd(), 'locales/pending');
  // After the merge the folder may be gone: the catalogue then has everything.
  const files = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.json')) : [];
  const pending = Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>)) as Record<string, string>;
  const messages = Object.fromEntries(
    Object.entries(pending).map(([source, translation]) => [/^[a-z]+\.[\w.]+$/.test(source) ? source : generateMessageId(source), compileMessage(translation)]),
  );
  i18n.load('sw', messages);
  i18n.activate('sw');
}

afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

beforeEach(async () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  await prepareDesk();
});

function openForm(registerLabel: string) {
  render(
    pageAt(
      '/members',
      '/members',
      <>
        <MembersPage />
        <Toaster />
      </>,
    ),
  );
  fireEvent.click(screen.getByRole('button', { name: registerLabel }));
  return screen.getByRole('form');
}

describe('offline member registration form', () => {
  it('names every missing required field in English, and a bad postal code and email', async () => {
    const form = openForm('Register member');
    fireEvent.change(within(form).getByLabelText('Postal code'), { target: { value: '12A' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('First name can not be empty')).toBeTruthy();
    expect(within(form).getByText('Last name can not be empty')).toBeTruthy();
    expect(within(form).getByText('Phone number can not be empty')).toBeTruthy();
    expect(within(form).getByText('Gender can not be empty')).toBeTruthy();
    expect(within(form).getByText('Please select country')).toBeTruthy();
    expect(within(form).getByText('Postal code needs to be digits')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address')).toBeTruthy();
    expect(await db.members.where('key').startsWith('c:').count()).toBe(0);
  });

  it('says the same in Swahili', async () => {
    await activateSwahili();
    const form = openForm('Sajili muumini');
    fireEvent.change(within(form).getByLabelText('Postikodi'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Hifadhi' }));
    expect(await within(form).findByText('Jina la kwanza haiwezi kuwa tupu')).toBeTruthy();
    expect(within(form).getByText('Jina la mwisho haiwezi kuwa tupu')).toBeTruthy();
    expect(within(form).getByText('Namba ya simu haiwezi kuwa tupu')).toBeTruthy();
    expect(within(form).getByText('Jinsia haiwezi kuwa tupu')).toBeTruthy();
    expect(within(form).getByText('Tafadhali chagua nchi')).toBeTruthy();
    expect(within(form).getByText('Postikodi lazima iwe tarakimu')).toBeTruthy();
  });

  it('checks the phone against the chosen country, picked from a searchable list with East Africa first', async () => {
    const form = openForm('Register member');
    // The button is there at once; the searchable list (libphonenumber's countries) loads on
    // demand, and a press while it loads opens it as soon as it has arrived.
    const picker = within(form).getByRole('button', { name: /^Country code: Tanzania \+255$/ });
    fireEvent.click(picker);
    const list = await within(form).findByRole('listbox', { name: 'Countries' });
    const firstSix = within(list).getAllByRole('option').slice(0, 6).map((option) => option.querySelector('.country-name')?.textContent);
    expect(firstSix).toEqual(['Tanzania', 'Burundi', 'Congo - Kinshasa', 'Rwanda', 'Uganda', 'Kenya']);
    const search = within(form).getByRole('combobox', { name: 'Search countries' });
    fireEvent.change(search, { target: { value: 'ugan' } });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual([expect.stringContaining('Uganda')]);
    fireEvent.change(search, { target: { value: '+257' } });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual([expect.stringContaining('Burundi')]);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(within(form).getByRole('button', { name: /^Country code: Burundi \+257$/ })).toBeTruthy();

    // A Tanzanian mobile number is not a Burundian one (eight digits there).
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '0712 345 679' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a valid phone number')).toBeTruthy();
  });

  it('saves on the device, says so, and the new member is found at once (pending)', async () => {
    const form = openForm('Register member');
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Rehema' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Kweka' } });
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '0744 555 666' } });
    fireEvent.change(within(form).getByLabelText('Gender'), { target: { value: 'female' } });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'TZ' } });
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Dar es Salaam' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved on this device; will sync')).toBeTruthy();
    const found = await searchLocalMembers(INSTITUTION_ID, 'rehema');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ firstName: 'Rehema', lastName: 'Kweka', phone: '+255744555666', pending: true, serverId: null });
    const entry = await db.outbox.where('kind').equals('member').first();
    expect(entry?.payload).toMatchObject({ institutionId: INSTITUTION_ID, phone: '+255744555666', gender: 'female', country: 'TZ', city: 'Dar es Salaam', preferredLanguage: 'sw' });
    expect(entry?.payload).not.toHaveProperty('email');
    const list = await screen.findByRole('list', { name: 'Members' });
    await waitFor(() => expect(within(list).getByText(/Rehema/)).toBeTruthy());
    expect(within(list).getByText('Not yet synced')).toBeTruthy();
  });
});
