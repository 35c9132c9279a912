import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushPage } from '../../src/features/payments/push-page';
import { saveSession } from '../../src/lib/session';
import { MWENGE } from './give-fake-server';
import { jsonResponse, makeProfile, Providers, testQueryClient } from './helpers';

const profile = makeProfile({ entityId: MWENGE.id, permissions: [{ name: 'push', permissions: 'view,create,update' }] });
const paymentId = '0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b';
let posts: Array<{ key: string; body: Record<string, unknown>; authorization: string | undefined }>;
let dropNextAnswer: boolean;

beforeEach(() => {
  saveSession('tok-desk', profile);
  posts = [];
  dropNextAnswer = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://sadaka.test');
      const headers = (init.headers ?? {}) as Record<string, string>;
      if (url.pathname === '/api/profile') return jsonResponse(200, profile);
      if (url.pathname === '/api/giving/lookup-phone') {
        return jsonResponse(200, { found: true, members: [{ memberId: 501, maskedName: 'Ne••• Mu•••', preferredLanguage: 'sw', institution: { id: MWENGE.id, title: MWENGE.title, code: MWENGE.code } }] });
      }
      if (url.pathname === `/api/giving/institutions/${MWENGE.id}`) return jsonResponse(200, MWENGE);
      if (url.pathname === '/api/payments' && init.method === 'POST') {
        posts.push({ key: headers['idempotency-key']!, body: JSON.parse(String(init.body)) as Record<string, unknown>, authorization: headers.Authorization });
        if (dropNextAnswer) {
          dropNextAnswer = false;
          throw new TypeError('Failed to fetch');
        }
        return jsonResponse(201, { id: paymentId, status: 'pending', referenceNo: 'SDK000200', method: 'mobile', operator: 'vodacom', amount: 300_000, fee: 3_000, currency: 'TZS' });
      }
      if (url.pathname === `/api/payments/${paymentId}`) {
        return jsonResponse(200, { id: paymentId, status: 'pending', referenceNo: 'SDK000200', method: 'mobile', operator: 'vodacom', amount: 300_000, currency: 'TZS', institution: { id: MWENGE.id, title: MWENGE.title }, lines: [], payerPhone: '+255 7•• ••• 456', createdAt: '2026-11-22T07:30:00.000Z', completedAt: null });
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('desk push', () => {
  it("pushes to a member's phone for their church, signed in, and resends a lost answer with the same key", async () => {
    render(
      <Providers client={testQueryClient()}>
        <MemoryRouter>
          <PushPage />
        </MemoryRouter>
      </Providers>,
    );
    // The phone field (and libphonenumber) arrives in its own chunk; a disabled stand-in shows meanwhile.
    // A cold dynamic import can take seconds on a loaded CI machine: allow it, the assertion is the same.
    await waitFor(() => expect((screen.getByRole('textbox', { name: "Payer's phone number" }) as HTMLInputElement).disabled).toBe(false), { timeout: 10_000 });
    const phone = screen.getByRole('textbox', { name: "Payer's phone number" });
    fireEvent.change(phone, { target: { value: '0754 123 456' } });
    fireEvent.focusOut(phone);
    expect(await screen.findByText(/Ne••• Mu••• · Mwenge Church/)).toBeTruthy();
    expect(screen.getByText('Vodacom M-Pesa')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Tithe'), { target: { value: '3,000' } });
    dropNextAnswer = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send push' }));
    expect(await screen.findByText('You are offline. Try again when the connection is back.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send push' }));
    expect(await screen.findByText('Waiting for the payer to confirm on the phone…')).toBeTruthy();
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(posts[0]!.authorization).toBe('Bearer tok-desk');
    expect(posts[0]!.body).toEqual({ institutionId: MWENGE.id, phone: '+255754123456', method: 'mobile', currency: 'TZS', memberId: 501, lines: [{ offeringTypeId: 101, amount: 300_000 }] });
  });
});
