import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnlineMethod, PaymentCreated, PaymentInput } from '../../domain/api/payments';
import { messages as swMessages } from '../../locales/give/sw/messages.po';
import type { Giver } from '../../src/give/give-flow';
import { PayStep } from '../../src/give/pay-step';
import { setCurrentLocale } from '../../src/lib/current-locale';
import { FakeGivingServer, MWENGE } from './give-fake-server';

const LINES = [
  { offeringTypeId: 101, title: 'Tithe', amount: 1_000_000 },
  { offeringTypeId: 102, title: 'Thanksgiving', amount: 250_050 },
];
const giver = (phone: string): Giver => ({ country: 'TZ', national: phone, phone });

let server: FakeGivingServer;
beforeEach(() => {
  // English is the source language: with an empty catalog the macros render their source text.
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  server = new FakeGivingServer();
  server.install();
});
afterEach(() => {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  setCurrentLocale('sw');
});

function renderPayStep(phone: string, method: OnlineMethod, onCreated = vi.fn<(created: PaymentCreated, body: PaymentInput) => void>()) {
  function Harness() {
    const [current, setCurrent] = useState<OnlineMethod>(method);
    return (
      <PayStep giver={giver(phone)} institution={MWENGE} memberId={null} lines={LINES} method={current} onMethod={setCurrent} onCreated={onCreated} onBack={() => undefined} />
    );
  }
  render(
    <I18nProvider i18n={i18n}>
      <Harness />
    </I18nProvider>,
  );
  return onCreated;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Pay |Lipa |Continue to card payment|Endelea kulipa kwa kadi|Try again|Jaribu tena|Get bank)/ }));

describe('giving page: card checks', () => {
  it('refuses a number failing the Luhn check and a passed expiry month, in English, and sends nothing', async () => {
    renderPayStep('+255754123456', 'card');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424241' } });
    fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: '12/20' } });
    submit();
    expect(await screen.findByText('Invalid card number')).toBeTruthy();
    expect(screen.getByText('Invalid card expiration time')).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(server.posts).toHaveLength(0);
  });

  it('says the same in Swahili from the giving catalog', async () => {
    i18n.loadAndActivate({ locale: 'sw', messages: swMessages });
    renderPayStep('+255754123456', 'card');
    fireEvent.change(screen.getByLabelText('Namba ya kadi'), { target: { value: '1234 5678 9012 3456' } });
    fireEvent.change(screen.getByLabelText('Tarehe ya kuisha (MM/YY)'), { target: { value: '13/40' } });
    submit();
    expect(await screen.findByText('Namba ya kadi si sahihi')).toBeTruthy();
    expect(screen.getByText('Tarehe ya kuisha kwa kadi si sahihi')).toBeTruthy();
    expect(server.posts).toHaveLength(0);
  });

  it('accepts a valid card and starts a card payment whose body carries no card number', async () => {
    const onCreated = renderPayStep('+255754123456', 'card');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: `12/${(new Date().getUTCFullYear() + 2) % 100}` } });
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const [created] = onCreated.mock.calls[0]!;
    expect(created.method).toBe('card');
    expect(created.checkoutUrl).toContain('/checkout/card/');
    expect(server.posts).toHaveLength(1);
    expect(JSON.stringify(server.posts[0]!.body)).not.toContain('4242');
    expect(server.posts[0]!.body).toEqual({ institutionId: MWENGE.id, phone: '+255754123456', method: 'card', currency: 'TZS', lines: [
      { offeringTypeId: 101, amount: 1_000_000 },
      { offeringTypeId: 102, amount: 250_050 },
    ] });
  });
});

describe('giving page: mobile money operator', () => {
  it.each([
    ['+255754123456', 'Vodacom M-Pesa'],
    ['+255654123456', 'Mixx by Yas (Tigo Pesa)'],
    ['+255784123456', 'Airtel Money'],
    ['+255624123456', 'HaloPesa'],
    ['+255734123456', 'T-Pesa'],
  ])('names the wallet of %s as %s before the push is sent', (phone, wallet) => {
    renderPayStep(phone, 'mobile');
    const notice = screen.getByText(wallet);
    expect(notice.closest('p')?.textContent).toContain(`A payment request will be sent to ${phone} on ${wallet}.`);
  });

  it('explains that a number mobile money cannot reach needs another method, and offers no push', () => {
    renderPayStep('+254712345678', 'mobile');
    expect(screen.getByRole('alert').textContent).toContain('Mobile money works with Tanzanian numbers');
    expect((screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Bank transfer'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('giving page: one payment per attempt (Idempotency-Key)', () => {
  it('resends a payment whose answer was lost with the same key, so the server makes it once', async () => {
    const onCreated = renderPayStep('+255754123456', 'mobile');
    server.failNext('drop-response');
    submit();
    expect(await screen.findByText('No connection. Check your internet and try again.')).toBeTruthy();
    // The server did make the payment; only its answer was lost.
    expect(server.payments.size).toBe(1);
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(server.posts).toHaveLength(2);
    expect(server.posts[1]!.key).toBe(server.posts[0]!.key);
    expect(server.posts[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(server.payments.size).toBe(1);
    expect(onCreated.mock.calls[0]![0].id).toBe([...server.payments.keys()][0]);
  });

  it('ignores a second press while the first request is still out', async () => {
    const onCreated = renderPayStep('+255754123456', 'mobile');
    const button = screen.getByRole('button', { name: /^Pay / });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
      fireEvent.submit(button.closest('form')!);
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(server.posts).toHaveLength(1);
  });

  it('makes a new attempt when the gift itself changed (another method is another body)', async () => {
    const onCreated = renderPayStep('+255754123456', 'mobile');
    server.failNext('drop-request');
    submit();
    await screen.findByText('No connection. Check your internet and try again.');
    fireEvent.click(screen.getByLabelText('Bank transfer'));
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(server.posts).toHaveLength(2);
    expect(server.posts[1]!.key).not.toBe(server.posts[0]!.key);
    expect(server.posts[1]!.body.method).toBe('bank');
  });
});
