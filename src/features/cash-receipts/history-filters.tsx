import { Trans, useLingui } from '@lingui/react/macro';
import type { OfferingType } from '../../../domain/api/receipts';
import type { LocalBatch } from '../../lib/offline/types';
import type { HistoryView, SyncFilter } from './history-filters-model';
import { MemberCombobox } from './member-combobox';

type HistoryFiltersProps = {
  institutionId: number;
  view: HistoryView;
  onChange: (view: HistoryView) => void;
  offeringTypes: readonly OfferingType[];
  batches: readonly LocalBatch[];
  resetKey: number;
  onReset: () => void;
};

export function HistoryFiltersBar({ institutionId, view, onChange, offeringTypes, batches, resetKey, onReset }: HistoryFiltersProps) {
  const { t } = useLingui();
  const set = <K extends keyof HistoryView>(key: K, value: HistoryView[K]) => onChange({ ...view, [key]: value });
  const syncOptions: Array<{ value: SyncFilter; label: string }> = [
    { value: 'all', label: t`All` },
    { value: 'synced', label: t`Synced` },
    { value: 'pending', label: t`Pending on this device` },
    { value: 'rejected', label: t`Rejected` },
  ];
  return (
    <fieldset className="history-filters">
      <legend className="visually-hidden">
        <Trans>Filters</Trans>
      </legend>
      <div className="field">
        <label htmlFor="history-from">
          <Trans>From</Trans>
        </label>
        <input id="history-from" type="date" value={view.from} onChange={(event) => set('from', event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="history-to">
          <Trans>To</Trans>
        </label>
        <input id="history-to" type="date" value={view.to} onChange={(event) => set('to', event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="history-type">
          <Trans>Offering type</Trans>
        </label>
        <select id="history-type" value={view.offeringTypeId} onChange={(event) => set('offeringTypeId', event.target.value)}>
          <option value="">{t`All`}</option>
          {offeringTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="history-member">
          <Trans>Member</Trans>
        </label>
        <MemberCombobox key={resetKey} id="history-member" institutionId={institutionId} value={view.member} onChange={(member) => set('member', member)} />
      </div>
      <div className="field">
        <label htmlFor="history-batch">
          <Trans>Batch</Trans>
        </label>
        <select id="history-batch" value={view.batchId} onChange={(event) => set('batchId', event.target.value)}>
          <option value="">{t`All`}</option>
          {batches.map((batch) => (
            <option key={batch.id} value={batch.id}>
              {batch.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="history-recorder">
          <Trans>Recorded by</Trans>
        </label>
        <select id="history-recorder" value={view.mineOnly ? 'me' : 'anyone'} onChange={(event) => set('mineOnly', event.target.value === 'me')}>
          <option value="anyone">{t`Anyone`}</option>
          <option value="me">{t`Me`}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="history-sync">
          <Trans>Sync state</Trans>
        </label>
        <select id="history-sync" value={view.syncState} onChange={(event) => set('syncState', event.target.value as SyncFilter)}>
          {syncOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="history-filters-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={onReset}>
          <Trans>Clear filters</Trans>
        </button>
      </div>
    </fieldset>
  );
}
