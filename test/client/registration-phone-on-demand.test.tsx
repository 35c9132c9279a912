import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegistrationPage } from '../../src/features/registration/registration-page';
import { phoneRulesIfLoaded } from '../../src/lib/offline/phone-rules';
import { FakeBackOffice } from './backoffice-fake-api';
import { Providers, testQueryClient } from './helpers';

// The registration page does not fetch libphonenumber (~29 KiB gzip) with the page: the phone rules
// arrive when a phone is about to be checked (the field is focused, or the form is sent), and the
// searchable country list when its button is pressed. Until then the field works as before.

beforeEach(() => new FakeBackOffice().install());
afterEach(() => vi.unstubAllGlobals());

describe('registration: the phone rules on demand', () => {
  it('shows the phone field without the rules, fetches them on focus, and opens the country list on the first press', async () => {
    render(
      <Providers client={testQueryClient()}>
        <MemoryRouter initialEntries={['/en/registration']}>
          <Routes>
            <Route path="/en/registration" element={<RegistrationPage />} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    const phone = await screen.findByLabelText('Your phone number');
    const country = screen.getByRole('button', { name: /^Country code: Tanzania \+255$/ });
    expect(country.getAttribute('aria-expanded')).toBe('false');
    expect(phoneRulesIfLoaded()).toBeNull();

    fireEvent.change(phone, { target: { value: '0754 12' } });
    expect(phoneRulesIfLoaded()).toBeNull();
    fireEvent.focus(phone);
    await waitFor(() => expect(phoneRulesIfLoaded()).not.toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Start registration' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();

    fireEvent.click(country);
    const list = await screen.findByRole('listbox', { name: 'Countries' });
    fireEvent.click(within(list).getByRole('option', { name: /Kenya/ }));
    expect(await screen.findByRole('button', { name: /^Country code: Kenya \+254$/ })).toBeTruthy();
  });
});
