import { i18n } from '@lingui/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { StaleBatchesNotice } from '../../src/features/dashboard/stale-batches-notice';
import { activateLocale } from '../../src/lib/i18n';
import { Providers, testQueryClient } from './helpers';

type Stale = Parameters<typeof StaleBatchesNotice>[0]['stale'];

const batch = (id: string, name: string, serviceDate: string) => ({ id, institutionId: 3, institution: 'Sinza Church', name, serviceDate });

function show(stale: Stale, canOpenDesk = true) {
  return render(
    <Providers client={testQueryClient()}>
      <MemoryRouter>
        <StaleBatchesNotice stale={stale} canOpenDesk={canOpenDesk} />
      </MemoryRouter>
    </Providers>,
  );
}

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

// Issue 11: open counting batches older than STALE_BATCH_DAYS are flagged on the dashboard.
describe('the dashboard flag of batches left open', () => {
  it('names the stale batches with their church and service, the days from the server, and leads to the batch list', () => {
    show({ days: 7, count: 2, oldest: [batch('a', 'Ibada 2026-11-01', '2026-11-01'), batch('b', 'Ibada ya Jumapili 2026-11-08', '2026-11-08')] });
    const flag = screen.getByRole('region', { name: 'Batches left open' });
    expect(flag.textContent).toContain('2 counting batches have been open for more than 7 days.');
    const items = within(flag).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Ibada 2026-11-01 (Sinza Church), service of 2026-11-01', 'Ibada ya Jumapili 2026-11-08 (Sinza Church), service of 2026-11-08']);
    expect(within(flag).getByRole('link', { name: 'Open the batches' })).toBeTruthy();
    expect(within(flag).getByRole('link', { name: 'Open the batches' }).getAttribute('href')).toBe('/cash-receipt?tab=batches');
  });

  it('says one batch and one day in the singular', () => {
    show({ days: 1, count: 1, oldest: [batch('a', 'Ibada 2026-11-01', '2026-11-01')] });
    expect(screen.getByRole('region', { name: 'Batches left open' }).textContent).toContain('1 counting batch has been open for more than 1 day.');
  });

  it('is not shown when nothing is stale, and offers no desk link to those above the congregation', () => {
    const { container } = show({ days: 7, count: 0, oldest: [] });
    expect(container.innerHTML).toBe('');
    show({ days: 7, count: 1, oldest: [batch('a', 'Ibada 2026-11-01', '2026-11-01')] }, false);
    expect(screen.queryByRole('link', { name: 'Open the batches' })).toBeNull();
  });

  it('speaks Swahili on a Swahili page', async () => {
    await activateLocale('sw');
    show({ days: 7, count: 2, oldest: [batch('a', 'Ibada 2026-11-01', '2026-11-01')] });
    const flag = screen.getByRole('region', { name: 'Makundi yaliyoachwa wazi' });
    expect(flag.textContent).toContain('Makundi 2 ya kuhesabu yamekuwa wazi kwa zaidi ya siku 7.');
    expect(flag.textContent).toContain('Ibada 2026-11-01 (Sinza Church), ibada ya 2026-11-01');
    expect(within(flag).getByRole('link', { name: 'Fungua makundi' })).toBeTruthy();
  });
});
