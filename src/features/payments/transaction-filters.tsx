import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { DateRange } from '../../../domain/api/payments';
import { OPERATOR_WALLETS } from '../../../domain/operators';
import { MOBILE_OPERATORS, PAYMENT_METHODS, type MobileOperator, type PaymentMethod } from '../../../domain/statuses';
import type { TransactionFilters } from './api';
import { DATE_RANGE_OPTIONS, STATUS_FILTERS } from './contract';
import { METHOD_LABELS, RANGE_LABELS, STATUS_LABELS } from './labels';

const SEARCH_MIN = 3;
const SEARCH_DEBOUNCE_MS = 350;

type FiltersProps = { filters: TransactionFilters; onChange: (filters: TransactionFilters) => void };

/** Status, date range (custom: from/to), search, method and operator of the transactions list. */
export function TransactionFiltersBar({ filters, onChange }: FiltersProps) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState(filters.search ?? '');
  const set = (patch: Partial<TransactionFilters>) => onChange({ ...filters, ...patch });

  // The server searches from 3 characters; fewer means "no search", not an error.
  useEffect(() => {
    const text = search.trim();
    const wanted = text.length >= SEARCH_MIN ? text : undefined;
    if (wanted === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search: wanted }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const range = (filters.range ?? '1m') as DateRange;
  return (
    <fieldset className="history-filters transaction-filters">
      <legend className="visually-hidden">
        <Trans>Filters</Trans>
      </legend>
      <div className="field">
        <label htmlFor="tx-status">
          <Trans>Status</Trans>
        </label>
        <select id="tx-status" value={filters.status ?? 'all'} onChange={(event) => set({ status: event.target.value as TransactionFilters['status'] })}>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {i18n._(STATUS_LABELS[status])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="tx-range">
          <Trans>Date range</Trans>
        </label>
        <select id="tx-range" value={range} onChange={(event) => set({ range: event.target.value as DateRange })}>
          {DATE_RANGE_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {i18n._(RANGE_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      {range === 'custom' ? (
        <>
          <div className="field">
            <label htmlFor="tx-from">
              <Trans>From</Trans>
            </label>
            <input id="tx-from" type="date" value={filters.from ?? ''} onChange={(event) => set({ from: event.target.value || undefined })} />
          </div>
          <div className="field">
            <label htmlFor="tx-to">
              <Trans>To</Trans>
            </label>
            <input id="tx-to" type="date" value={filters.to ?? ''} onChange={(event) => set({ to: event.target.value || undefined })} />
          </div>
        </>
      ) : null}
      <div className="field">
        <label htmlFor="tx-method">
          <Trans>Payment method</Trans>
        </label>
        <select
          id="tx-method"
          value={filters.method ?? ''}
          onChange={(event) => set({ method: (event.target.value || undefined) as PaymentMethod | undefined, operator: event.target.value === 'mobile' || !event.target.value ? filters.operator : undefined })}
        >
          <option value="">{t`All`}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {i18n._(METHOD_LABELS[method])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="tx-operator">
          <Trans>Network operator</Trans>
        </label>
        <select id="tx-operator" value={filters.operator ?? ''} onChange={(event) => set({ operator: (event.target.value || undefined) as MobileOperator | undefined })}>
          <option value="">{t`All`}</option>
          {MOBILE_OPERATORS.map((operator) => (
            <option key={operator} value={operator}>
              {OPERATOR_WALLETS[operator]}
            </option>
          ))}
        </select>
      </div>
      <div className="field tx-search">
        <label htmlFor="tx-search">
          <Trans>Search</Trans>
        </label>
        <input
          id="tx-search"
          type="search"
          autoComplete="off"
          placeholder={t`Reference, receipt, name or phone`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
    </fieldset>
  );
}
