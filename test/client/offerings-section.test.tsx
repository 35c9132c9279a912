import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferingsReport } from '../../domain/api/stats';
import { OfferingsSection } from '../../src/features/stats/offerings-section';
import { saveSession } from '../../src/lib/session';
import { FakeBackOffice } from './backoffice-fake-api';
import { Providers, jsonResponse, makeProfile, testQueryClient } from './helpers';

/** 30 types with totals 30,000 … 1,000; the fake answers `limit` as the server does (ADR 071): the first rows, totals and count over all. */
const TYPES = Array.from({ length: 30 }, (_, i) => {
  const total = (30 - i) * 1_000;
  return { offeringTypeId: i + 1, title: `Aina ${String(i + 1).padStart(2, '0')}`, total, church: total / 2, field: total / 4, union: total / 4 };
});
const whole = TYPES.reduce((sum, row) => ({ total: sum.total + row.total, church: sum.church + row.church, field: sum.field + row.field, union: sum.union + row.union }), { total: 0, church: 0, field: 0, union: 0 });
const answer = (limit: number): OfferingsReport => ({ rows: TYPES.slice(0, limit), totals: whole, types: TYPES.length, currency: 'TZS', from: '2026-03-01', to: '2026-03-31', institution: null });

let api: FakeBackOffice;
let release: () => void = () => {};

beforeEach(() => {
  api = new FakeBackOffice();
  api.on('GET', /^\/reports\/offerings$/, async (call) => {
    const limit = Number(new URL(call.path, 'http://x').searchParams.get('limit'));
    // The second page waits until the test lets it through, to look at the page while it loads.
    if (limit > 25) await new Promise<void>((resolve) => (release = resolve));
    return jsonResponse(200, answer(limit));
  });
  api.install();
  saveSession('admin-token', makeProfile({ username: 'admin', level: 'bank' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A cell's text with Intl's no-break spaces as plain ones. */
const text = (cell: HTMLElement) => (cell.textContent ?? '').replace(/\u00a0/g, ' ');
const bodyRows = () => within(screen.getByRole('table', { name: 'Offerings report' })).getAllByRole('row').filter((row) => row.closest('tbody'));

describe('the statistics page’s offerings report (ADR 071)', () => {
  it('shows the first 25 types, the rest in one row and one bar, the period’s totals, and Show more keeps the rows and the focus', async () => {
    render(
      <Providers client={testQueryClient()}>
        <OfferingsSection filters={{ from: '2026-03-01', to: '2026-03-31', institutionId: null }} canExport={false} />
      </Providers>,
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Showing 25 of 30 offering types');
    expect(api.callsTo('GET', /^\/reports\/offerings/).map((call) => call.path)).toEqual(['/reports/offerings?from=2026-03-01&to=2026-03-31&limit=25']);
    expect(bodyRows()).toHaveLength(26);
    // The rest: types 26 … 30, 5,000 + … + 1,000 cents.
    expect(within(bodyRows()[25]!).getAllByRole('cell').map(text)).toEqual(['Other types (5)', 'TSh 150', 'TSh 75', 'TSh 37.50', 'TSh 37.50']);
    // Ten bars and one for the other twenty.
    const bars = document.querySelectorAll('figure.share-bars g');
    expect(bars).toHaveLength(11);
    expect(bars[10]!.querySelector('title')!.textContent).toMatch(/^Other types \(20\): /);
    // The footer is the whole period's.
    const footer = screen.getByRole('rowheader', { name: 'Totals' }).closest('tr')!;
    expect(within(footer).getAllByRole('cell').map(text)).toEqual(['TSh 4,650', 'TSh 2,325', 'TSh 1,162.50', 'TSh 1,162.50']);

    const more = screen.getByRole('button', { name: 'Show more offering types' });
    more.focus();
    fireEvent.click(more);
    // While the next page loads: the rows stay, the button says so, is aria-disabled and keeps the focus.
    await waitFor(() => expect(more.getAttribute('aria-disabled')).toBe('true'));
    expect(more.textContent).toBe('Loading more offering types…');
    expect(document.activeElement).toBe(more);
    expect(bodyRows()).toHaveLength(26);
    fireEvent.click(more);
    expect(api.callsTo('GET', /^\/reports\/offerings/)).toHaveLength(2);

    act(() => release());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 30 of 30 offering types'));
    expect(api.callsTo('GET', /^\/reports\/offerings/).at(-1)!.path).toContain('limit=50');
    // Every type is shown: no rest row, no button, and the focus is on the count line, not the page's start.
    expect(bodyRows()).toHaveLength(30);
    expect(screen.queryByRole('button', { name: /offering types/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
  });
});
