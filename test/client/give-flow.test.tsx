import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../domain/money';
import { GiveApp } from '../../src/give/give-app';
import type { Flow } from '../../src/give/give-flow';
import { loadPending, savePending } from '../../src/give/pending-payment';
import { FakeGivingServer, MWENGE } from './give-fake-server';

const tzs = (minor: number) => formatMoney(minor, 'TZS', 'en');
let server: FakeGivingServer;

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server = new FakeGivingServer();
  server.install();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderGive(start?: Flow) {
  return render(
    <I18nProvider i18n={i18n}>
      <GiveApp start={start} />
    </I18nProvider>,
  );
}

/** Lets the waiting screen's next look at the payment happen (its first delay is 2 s). */
async function nextLook(ms = 2000) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function giveAsGuestByMobile(phone: string) {
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { name: 'This Phone number is Not Found' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Continue as guest' }));
  fireEvent.change(await screen.findByLabelText('Name or code of the church or mosque'), { target: { value: 'mwenge' } });
  await nextLook(400);
  fireEvent.click(await screen.findByRole('button', { name: /Mwenge Church/ }));
  fireEvent.change(await screen.findByLabelText('Tithe'), { target: { value: '10,000' } });
  fireEvent.change(screen.getByLabelText('Thanksgiving'), { target: { value: '2500.50' } });
  expect(document.querySelector('output.give-total')?.textContent).toBe(`Total${tzs(1_250_050)}`);
  fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  fireEvent.click(await screen.findByRole('button', { name: `Pay ${tzs(1_250_050)}` }));
}

describe('giving page flow', () => {
  it('takes a guest from the phone number to the receipt of a mobile money payment', async () => {
    renderGive();
    await giveAsGuestByMobile('0754 123 456');
    expect(await screen.findByRole('heading', { name: 'A payment request has been sent to your phone' })).toBeTruthy();
    const id = [...server.payments.keys()][0]!;
    expect(server.posts[0]!.body).toEqual({
      institutionId: MWENGE.id,
      phone: '+255754123456',
      method: 'mobile',
      currency: 'TZS',
      lines: [
        { offeringTypeId: 101, amount: 1_000_000 },
        { offeringTypeId: 102, amount: 250_050 },
      ],
    });
    // A reload now would resume this payment.
    expect(loadPending()?.id).toBe(id);
    server.scriptStatus(id, { status: 'completed', receiptNo: 'RCT-000123', completedAt: '2026-11-22T07:31:00.000Z' });
    await nextLook();
    expect(await screen.findByRole('heading', { name: 'Thank you! Your offering has been received.' })).toBeTruthy();
    expect(screen.getByTestId('receipt-number').textContent).toBe('RCT-000123');
    expect(document.querySelector('.give-receipt .give-summary-total dd')?.textContent).toBe(tzs(1_250_050));
    fireEvent.click(screen.getByRole('button', { name: 'Give again' }));
    expect(await screen.findByRole('heading', { name: 'Your phone number' })).toBeTruthy();
    expect(loadPending()).toBeNull();
  });

  it('keeps the amounts total live and refuses amounts that are not money', async () => {
    renderGive({ step: 'amounts', giver: { country: 'TZ', national: '0754123456', phone: '+255754123456' }, institution: { ...MWENGE, full: MWENGE }, memberId: null, typed: {} });
    const total = () => document.querySelector('output.give-total strong')?.textContent;
    expect(total()).toBe(tzs(0));
    fireEvent.change(screen.getByLabelText('Tithe'), { target: { value: '1 500' } });
    expect(total()).toBe(tzs(150_000));
    fireEvent.change(screen.getByLabelText('Thanksgiving'), { target: { value: '0.25' } });
    expect(total()).toBe(tzs(150_025));
    fireEvent.change(screen.getByLabelText('Thanksgiving'), { target: { value: '12abc' } });
    expect(screen.getByText('Amount needs to be digits')).toBeTruthy();
    expect(total()).toBe(tzs(150_000));
    fireEvent.change(screen.getByLabelText('Thanksgiving'), { target: { value: '1.005' } });
    expect(screen.getByText('Use at most 2 decimal places')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // Still on the amounts: a wrong amount is never dropped silently.
    expect(screen.getByRole('heading', { name: 'Give to Mwenge Church' })).toBeTruthy();
  });

  it('resumes following the same payment after a reload, from sessionStorage', async () => {
    const first = renderGive();
    await giveAsGuestByMobile('0754 123 456');
    await screen.findByRole('heading', { name: 'A payment request has been sent to your phone' });
    const id = [...server.payments.keys()][0]!;
    first.unmount();

    // A reload: a fresh app that starts from what this tab stored.
    renderGive();
    expect(await screen.findByRole('heading', { name: 'A payment request has been sent to your phone' })).toBeTruthy();
    server.scriptStatus(id, { status: 'completed', receiptNo: 'RCT-000124' });
    await nextLook();
    expect(await screen.findByTestId('receipt-number')).toBeTruthy();
    expect(server.posts).toHaveLength(1);
  });

  it('shows a refused push with its message; "Try again" makes a new payment with a new key', async () => {
    renderGive();
    await giveAsGuestByMobile('0754 123 451');
    await screen.findByRole('heading', { name: 'A payment request has been sent to your phone' });
    const firstId = [...server.payments.keys()][0]!;
    server.scriptStatus(firstId, { status: 'failed', reasonCode: 'refused', reason: 'The payment was refused on the phone' });
    await nextLook();
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The payment was refused on the phone.');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'A payment request has been sent to your phone' })).toBeTruthy();
    expect(server.payments.size).toBe(2);
    expect(server.posts).toHaveLength(2);
    expect(server.posts[1]!.key).not.toBe(server.posts[0]!.key);
    expect(server.posts[1]!.body).toEqual(server.posts[0]!.body);
    expect(loadPending()?.id).toBe([...server.payments.keys()][1]);
  });

  it('a retry whose answer was lost is sent again with the SAME key: still one new payment', async () => {
    const body = { institutionId: MWENGE.id, phone: '+255754123453', method: 'mobile' as const, currency: 'TZS', lines: [{ offeringTypeId: 101, amount: 500_000 }] };
    const key = '11111111-1111-4111-8111-111111111111';
    await fetch('/api/payments', { method: 'POST', headers: { 'idempotency-key': key }, body: JSON.stringify(body) });
    const firstId = [...server.payments.keys()][0]!;
    server.scriptStatus(firstId, { status: 'failed', reasonCode: 'timeout', reason: 'The payment request timed out' });
    savePending({ id: firstId, method: 'mobile', body });
    renderGive();
    expect(await screen.findByText('The payment request timed out: it was not confirmed on the phone in time.')).toBeTruthy();

    server.failNext('drop-response');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No connection. Check your internet and try again.')).toBeTruthy();
    expect(server.payments.size).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'A payment request has been sent to your phone' })).toBeTruthy();
    const retries = server.posts.slice(1);
    expect(retries).toHaveLength(2);
    expect(retries[1]!.key).toBe(retries[0]!.key);
    expect(retries[0]!.key).not.toBe(key);
    expect(server.payments.size).toBe(2);
  });

  it('greets a known member by a masked name with their church and gives as that member', async () => {
    server.members = [{ memberId: 501, maskedName: 'Ne••• Mu•••', preferredLanguage: 'sw', institution: { id: MWENGE.id, title: MWENGE.title, code: MWENGE.code } }];
    renderGive();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0754123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ne••• Mu•••' })).toBeTruthy();
    expect(screen.getByText('Mwenge Church').tagName).toBe('STRONG');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const tithe = await screen.findByLabelText('Tithe');
    fireEvent.change(tithe, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    fireEvent.click(await screen.findByLabelText('Bank transfer'));
    fireEvent.click(screen.getByRole('button', { name: 'Get bank transfer details' }));
    expect(await screen.findByRole('heading', { name: 'Pay by bank transfer' })).toBeTruthy();
    expect(server.posts[0]!.body).toMatchObject({ memberId: 501, method: 'bank', lines: [{ offeringTypeId: 101, amount: 500_000 }] });
    expect(screen.getByTestId('transfer-reference').textContent).toBe('SDK000001');
    // A transfer waits for the bank for days: the page looked once and does not keep polling.
    const looks = () => server.requests.filter((request) => request.startsWith('GET /api/payments/')).length;
    await waitFor(() => expect(looks()).toBe(1));
    await nextLook(30_000);
    expect(looks()).toBe(1);
  });

  it('refuses a wrong phone number before looking it up', async () => {
    renderGive();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0754' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the empty states of a church without offering types or without a bank account', async () => {
    const giver = { country: 'TZ', national: '0754123456', phone: '+255754123456' };
    const bare = { ...MWENGE, id: 12, title: 'Sinza Church', offeringTypes: [] };
    const view = renderGive({ step: 'amounts', giver, institution: { ...bare, full: bare }, memberId: null, typed: {} });
    expect(within(screen.getByRole('status')).getByText('Offerings is not set, contact church/mosque admin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
    view.unmount();
    const unbanked = { ...MWENGE, id: 13, title: 'Ubungo Church', hasBankAccount: false };
    renderGive({ step: 'amounts', giver, institution: { ...unbanked, full: unbanked }, memberId: null, typed: {} });
    expect(within(screen.getByRole('status')).getByText('No bank account found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  });
});
