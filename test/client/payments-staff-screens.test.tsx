import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettlementPage, TransactionDetail, TransactionPage, TransactionRow } from '../../domain/api/payments';
import { formatMoney } from '../../domain/money';
import { FailedCreditsPage } from '../../src/features/payments/failed-credits-page';
import { PendingPushesPage } from '../../src/features/payments/pending-pushes-page';
import { SettlementsPage } from '../../src/features/payments/settlements-page';
import { TransactionsPage } from '../../src/features/payments/transactions-page';
import { saveSession } from '../../src/lib/session';
import { jsonResponse, makeProfile, Providers, testQueryClient } from './helpers';

const tzs = (minor: number) => formatMoney(minor, 'TZS', 'en');

function row(overrides: Partial<TransactionRow> = {}): TransactionRow {
  return {
    id: '0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b',
    referenceNo: 'SDK000123',
    receiptNo: 'RCT-000123',
    trxId: 'SEL-1',
    institution: { id: 11, title: 'Mwenge Church' },
    memberId: null,
    payer: null,
    phone: '+255754123457',
    method: 'mobile',
    operator: 'vodacom',
    status: 'completed',
    amount: 150_000,
    fee: 1_500,
    currency: 'TZS',
    reason: null,
    failedReason: null,
    creditStatus: 'credited',
    createdBy: null,
    createdAt: '2026-11-22T07:30:00.000Z',
    receivedAt: '2026-11-22T07:30:00.000Z',
    completedAt: '2026-11-22T07:30:05.000Z',
    ...overrides,
  };
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
/** Calls the screens made (the session's own profile refresh left out). */
let calls: Array<{ url: URL; init: RequestInit }>;
const profile = makeProfile({
  permissions: [
    { name: 'transactions', permissions: 'view,export' },
    { name: 'push', permissions: 'view,create,update' },
    { name: 'bankAccounts', permissions: 'view,update' },
  ],
});

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://sadaka.test');
      if (url.pathname === '/api/profile') return jsonResponse(200, profile);
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

function renderAt(path: string, route: string, page: ReactNode) {
  return render(
    <Providers client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  saveSession('tok-staff', profile);
});
afterEach(() => vi.unstubAllGlobals());

describe('transactions screen', () => {
  const page: TransactionPage = {
    data: [row(), row({ id: '0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2c', referenceNo: 'SDK000124', status: 'failed', failedReason: 'Insufficient funds', receiptNo: null, operator: 'airtel', amount: 50_000, fee: 0 })],
    count: 2,
    totals: [{ currency: 'TZS', amount: 200_000, fee: 1_500, count: 2 }],
    nextCursor: null,
  };
  const detail: TransactionDetail = {
    ...row(),
    lines: [{ offeringTypeId: 101, title: 'Tithe', amount: 150_000 }],
    ledger: [
      { account: 'clearing', institutionId: 11, institution: 'Mwenge Church', offeringTypeId: null, debit: 150_000, credit: 0 },
      { account: 'fee', institutionId: null, institution: null, offeringTypeId: null, debit: 0, credit: 1_500 },
      { account: 'share:church', institutionId: 11, institution: 'Mwenge Church', offeringTypeId: 101, debit: 0, credit: 148_500 },
    ],
    credits: [],
    events: [{ at: '2026-11-22T07:30:00.000Z', source: 'start', outcome: 'push_sent', detail: null }],
  };

  it('lists what the server finds for the filters, with status, wallet, reason, fee and totals', async () => {
    serve((url) => (url.pathname === '/api/transactions' ? jsonResponse(200, page) : jsonResponse(404, { code: 'not_found', message: 'x' })));
    renderAt('/transactions', '/transactions', <TransactionsPage />);
    const table = await screen.findByRole('table');
    const failed = within(table).getByRole('row', { name: /SDK000124/ });
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Airtel Money')).toBeTruthy();
    expect(within(failed).getByText('Insufficient funds')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /SDK000123/ }).textContent).toContain('Vodacom M-Pesa');
    expect(screen.getByRole('list', { name: 'Totals' }).textContent).toBe(`2 transactions, ${tzs(200_000)} (fees ${tzs(1_500)})`);
    const first = calls[0]!.url;
    expect(first.searchParams.get('status')).toBe('all');
    expect(first.searchParams.get('range')).toBe('1m');
    expect(first.searchParams.get('limit')).toBe('25');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-staff');
  });

  it('sends status, range, method, operator and custom dates; searches only from 3 characters', async () => {
    serve(() => jsonResponse(200, { data: [], count: 0, totals: [], nextCursor: null }));
    renderAt('/transactions', '/transactions', <TransactionsPage />);
    await screen.findByText('No transactions match these filters.');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending_cancel' } });
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'mobile' } });
    fireEvent.change(screen.getByLabelText('Network operator'), { target: { value: 'halotel' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'SD' } });
    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: 'custom' } });
    // A custom range needs both dates before anything is asked.
    expect(screen.getByText('Choose a start date that is not after the end date')).toBeTruthy();
    const asked = calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    await waitFor(() => expect(calls.length).toBeGreaterThan(asked));
    const last = () => calls.at(-1)!.url.searchParams;
    expect(Object.fromEntries(last())).toEqual({ status: 'pending_cancel', range: 'custom', from: '2026-11-01', to: '2026-11-22', method: 'mobile', operator: 'halotel', limit: '25' });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'SDK0001' } });
    await waitFor(() => expect(last().get('search')).toBe('SDK0001'));
  });

  it('pages by cursor: next sends the answer\'s nextCursor, previous goes back to the page before, a filter starts again', async () => {
    const second = { ...page, data: [row({ id: '0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2d', referenceNo: 'SDK000125' })], count: 60, nextCursor: 'c2' };
    serve((url) => jsonResponse(200, url.searchParams.get('cursor') === 'c1' ? second : { ...page, count: 60, nextCursor: 'c1' }));
    renderAt('/transactions', '/transactions', <TransactionsPage />);
    await screen.findByRole('row', { name: /SDK000123/ });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('row', { name: /SDK000125/ });
    expect(calls.at(-1)!.url.searchParams.get('cursor')).toBe('c1');
    expect(calls.at(-1)!.url.searchParams.get('offset')).toBeNull();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('row', { name: /SDK000123/ });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('row', { name: /SDK000125/ });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('status')).toBe('failed'));
    expect(calls.at(-1)!.url.searchParams.get('cursor')).toBeNull();
  }, 30_000);

  it('opens the detail with its lines and balanced ledger entry', async () => {
    serve((url) => (url.pathname.startsWith('/api/transactions/') ? jsonResponse(200, detail) : jsonResponse(200, page)));
    renderAt('/transactions', '/transactions', <TransactionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open transaction SDK000123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction SDK000123' });
    expect(within(dialog).getByText('Tithe')).toBeTruthy();
    // The ledger's account code is said in words, never shown raw.
    expect(within(dialog).getByText("Church's share")).toBeTruthy();
    expect(within(dialog).queryByText('share:church')).toBeNull();
    expect(within(dialog).getByText('RCT-000123')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('downloads the export with the bearer token and the current filters', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    serve((url) =>
      url.pathname === '/api/transactions/export'
        ? new Response('a,b\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="transactions.csv"', 'x-export-count': '2', 'x-export-included': '2' } })
        : jsonResponse(200, page),
    );
    renderAt('/transactions', '/transactions', <TransactionsPage />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const exportCall = calls.find((call) => call.url.pathname === '/api/transactions/export')!;
    expect(exportCall.url.searchParams.get('format')).toBe('xlsx');
    expect(exportCall.url.searchParams.get('status')).toBe('all');
    expect((exportCall.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-staff');
  });
});

describe('pending pushes, failed credits and settlements', () => {
  it('checks a pending push now and cancels one after confirming', async () => {
    const pending = row({ status: 'pending', receiptNo: null, completedAt: null });
    serve((url, init) => {
      if (url.pathname === '/api/payments/pending') return jsonResponse(200, { data: [pending], count: 1, nextCursor: null });
      if (url.pathname.endsWith('/check')) return jsonResponse(200, { id: pending.id, status: 'pending' });
      if (url.pathname.endsWith('/cancel') && init.method === 'POST') return jsonResponse(200, { id: pending.id, status: 'pending_cancel' });
      return jsonResponse(404, { code: 'not_found', message: 'x' });
    });
    renderAt('/push/pending', '/push/pending', <PendingPushesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check status now: SDK000123' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === `/api/payments/${pending.id}/check`)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel SDK000123' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this push?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel the push' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === `/api/payments/${pending.id}/cancel` && call.init.method === 'POST')).toBe(true));
  });

  it('retries a failed credit', async () => {
    const failed = { id: row().id, referenceNo: 'SDK000125', institution: { id: 11, title: 'Mwenge Church' }, amount: 80_000, fee: 800, currency: 'TZS', completedAt: '2026-11-22T07:30:05.000Z', reason: 'The account is not active', attempts: 2, lastAttemptAt: '2026-11-22T08:00:00.000Z' };
    serve((url) => {
      if (url.pathname === '/api/payments/failed-credits') return jsonResponse(200, { data: [failed], count: 1, nextCursor: null });
      if (url.pathname.endsWith('/retry-credit')) return jsonResponse(200, { id: failed.id, creditStatus: 'credited', reason: null });
      return jsonResponse(404, { code: 'not_found', message: 'x' });
    });
    renderAt('/transactions/failed-credits', '/transactions/failed-credits', <FailedCreditsPage />);
    expect(await screen.findByText('The account is not active')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry the credit of SDK000125' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === `/api/payments/${failed.id}/retry-credit`)).toBe(true));
  });

  it('shows each day and account with gross, fees, net and the shares, and their totals', async () => {
    const history: SettlementPage = {
      data: [{ day: '2026-11-22', institution: { id: 11, title: 'Mwenge Church' }, accountNumber: '0101000000001', currency: 'TZS', count: 3, gross: 300_000, fees: 3_000, net: 297_000, shares: { church: 207_900, field: 59_400, union: 29_700 }, creditFailed: 0 }],
      totals: [{ currency: 'TZS', count: 3, gross: 300_000, fees: 3_000, net: 297_000, shares: { church: 207_900, field: 59_400, union: 29_700 } }],
    };
    serve(() => jsonResponse(200, history));
    renderAt('/transactions/settlements', '/transactions/settlements', <SettlementsPage />);
    const day = await screen.findByRole('row', { name: /2026-11-22/ });
    for (const value of [300_000, 3_000, 297_000, 207_900, 59_400, 29_700]) expect(day.textContent).toContain(tzs(value));
    expect(screen.getByRole('row', { name: /Total \(TZS\)/ }).textContent).toContain(tzs(297_000));
    const query = calls[0]!.url.searchParams;
    expect(query.get('from')! <= query.get('to')!).toBe(true);
  });
});
