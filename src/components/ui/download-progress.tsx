import { Trans, useLingui } from '@lingui/react/macro';
import type { DownloadProgress as Progress } from '../../lib/export-download';

/** A tenth of the way: what is said to screen readers, so they hear the download move without every chunk. */
const step = (part: number, whole: number) => Math.floor((part / whole) * 10) * 10;

/**
 * A running export: a progress bar (rows of the total for CSV, whose lines can be counted; a
 * moving bar with the bytes received for Excel and PDF, which arrive compressed), the same said
 * politely to screen readers in steps of ten per cent, and a button that cancels the download.
 */
export function DownloadProgress({ progress, onCancel, cancelled = false }: { progress: Progress | null; onCancel: () => void; cancelled?: boolean }) {
  const { t, i18n } = useLingui();
  if (!progress) {
    return cancelled ? (
      <p className="download-progress muted" role="status">
        <Trans>Download cancelled.</Trans>
      </p>
    ) : null;
  }
  const number = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);
  const { bytes, rows, total } = progress;
  const megabytes = bytes >= 1_048_576;
  const received = new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: megabytes ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(megabytes ? bytes / 1_048_576 : bytes / 1024);
  const counted = rows !== null && total !== null && total > 0;
  const shown = counted ? number(rows) : '';
  const all = total === null ? '' : number(total);
  const percent = counted ? step(rows, total) : 0;
  return (
    <div className="download-progress">
      <progress aria-label={t`Download progress`} {...(counted ? { max: total, value: rows } : {})} />
      <span className="muted" aria-hidden="true">
        {counted ? <Trans>{shown} of {all} rows</Trans> : total === null ? <Trans>Downloading… {received} received</Trans> : <Trans>Downloading {all} rows… {received} received</Trans>}
      </span>
      <span className="visually-hidden" role="status">
        {counted ? <Trans>Downloading: {percent}% of {all} rows</Trans> : <Trans>Downloading…</Trans>}
      </span>
      <button type="button" className="btn btn-secondary btn-small" onClick={onCancel}>
        <Trans>Cancel download</Trans>
      </button>
    </div>
  );
}
