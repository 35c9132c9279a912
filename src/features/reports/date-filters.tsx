import { useLingui } from '@lingui/react/macro';

/** From and to days (inclusive, as the server reads them). */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  const { t } = useLingui();
  return (
    <>
      <div className="field">
        <label htmlFor="report-from">{t`From`}</label>
        <input id="report-from" type="date" value={from} max={to || undefined} onChange={(event) => onChange({ from: event.target.value, to })} />
      </div>
      <div className="field">
        <label htmlFor="report-to">{t`To`}</label>
        <input id="report-to" type="date" value={to} min={from || undefined} onChange={(event) => onChange({ from, to: event.target.value })} />
      </div>
    </>
  );
}
