import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingBadge } from '../../src/components/ui/pending-badge';
import { OutboxPage } from '../../src/features/outbox/outbox-page';
import { UserMenu } from '../../src/features/shell/user-menu';
import { db } from '../../src/lib/db';
import { flushOutbox } from '../../src/lib/offline/flush';
import { recordReceipt } from '../../src/lib/offline/record-receipt';
import { registerMemberOffline } from '../../src/lib/offline/register-member';
import { createHttpTransport } from '../../src/lib/offline/transport';
import { Providers, testQueryClient } from './helpers';
import { FakeSyncServer } from './outbox-fake-server';
import { freshDevice, INSTITUTION, memberDraft, payerDraft, TREASURER } from './outbox-helpers';

function renderWithShell(ui: React.ReactNode) {
  return render(
    <Providers client={testQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
}

async function flushAgainst(server: FakeSyncServer) {
  const token = server.signIn();
  const transport = createHttpTransport({ auth: async () => ({ token, userId: TREASURER.id, locale: 'en' }), fetch: server.fetch });
  await flushOutbox(transport, { online: () => true });
}

const goneMember = { key: 's:404', serverId: 404, clientId: null, institutionId: INSTITUTION.id, code: 'X', firstName: 'Gone', lastName: 'Member', phone: '+255713000404', preferredLanguage: 'sw' as const, pending: false };

beforeEach(freshDevice);
afterEach(() => vi.unstubAllGlobals());

describe('the outbox page', () => {
  it('shows a rejected receipt with the server reason, and discards it only after confirmation', async () => {
    const receipt = await recordReceipt(payerDraft({ payer: null, member: goneMember }));
    await flushAgainst(new FakeSyncServer());
    renderWithShell(<OutboxPage />);

    const card = await screen.findByTestId('outbox-entry');
    expect(within(card).getByTestId('outbox-state').textContent).toBe('Rejected');
    expect(within(card).getByTestId('outbox-reason').textContent).toBe('Unknown member');
    expect(card.textContent).toContain(receipt.receiptNo);
    expect(card.textContent).toContain('Gone Member');

    fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Keep it' }));
    expect(await db.outbox.count()).toBe(1);

    fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await screen.findByText('Everything is sent');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.receipts.get(receipt.id)).toBeUndefined();
  });

  it('resolves a phone conflict by using the existing member: the waiting receipt follows', async () => {
    const server = new FakeSyncServer();
    server.addExistingMember(77, '+255713000077', INSTITUTION.id);
    const member = await registerMemberOffline(memberDraft('+255713000077'));
    const receipt = await recordReceipt(payerDraft({ member, payer: null }));
    await flushAgainst(server);
    renderWithShell(<OutboxPage />);

    const cards = await screen.findAllByTestId('outbox-entry');
    const memberCard = cards.find((card) => card.dataset.kind === 'member')!;
    const receiptCard = cards.find((card) => card.dataset.kind === 'receipt')!;
    expect(within(memberCard).getByTestId('outbox-state').textContent).toBe('Conflict');
    expect(within(receiptCard).getByTestId('outbox-state').textContent).toBe("Waiting for the member's registration");
    expect(memberCard.textContent).toContain('1 receipt waits for this.');

    fireEvent.click(within(memberCard).getByRole('button', { name: 'Use the existing member' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Use the existing member' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((entry) => entry.kind)).toEqual(['receipt']));
    expect((await db.receipts.get(receipt.id))?.payload).toMatchObject({ memberId: 77 });
  });
});

describe('the pending badge', () => {
  it('counts unsent records, says why nothing moves, and opens the outbox', () => {
    renderWithShell(<PendingBadge count={3} needsAttention={0} block="signed-out" to="/en/outbox" />);
    const badge = screen.getByTestId('pending-badge');
    expect(badge.textContent).toBe('3 unsent · sign in again');
    expect(badge.getAttribute('href')).toBe('/en/outbox');
  });

  it('is absent when everything is sent', () => {
    renderWithShell(<PendingBadge count={0} needsAttention={0} block="offline" to="/outbox" />);
    expect(screen.queryByTestId('pending-badge')).toBeNull();
  });
});

describe('signing out with unsent records', () => {
  it('warns first; staying signed in sends no logout', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await recordReceipt(payerDraft());
    renderWithShell(<UserMenu name="Asha Mussa" locale="en" />);

    fireEvent.click(screen.getByRole('button', { name: 'Asha Mussa' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeNull());
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('1 record on this device has not reached the server yet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });
});
