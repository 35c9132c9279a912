import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReportFormat } from '../../../domain/api/stats';
import { downloadFile } from '../../lib/export-download';
import { showToast } from '../../lib/toast';
import { DownloadProgress } from './download-progress';

const FORMATS = ['csv', 'xlsx', 'pdf'] as const;

/** CSV, Excel and PDF of the offerings report, built and streamed by the server; the button says while it works. */
export function OfferingsExport({ pathFor, baseName }: { pathFor: (format: ReportFormat) => string; baseName: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [bytes, setBytes] = useState<number | null>(null);
  const labels = { csv: 'CSV', xlsx: t`Excel`, pdf: 'PDF' };
  const run = async (format: (typeof FORMATS)[number]) => {
    setBusy(format);
    try {
      setBytes(0);
      await downloadFile(pathFor(format), `${baseName}.${format}`, setBytes);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    } finally {
      setBusy(null);
      setBytes(null);
    }
  };
  return (
    <div className="export-actions" role="group" aria-label={t`Export the offerings report`}>
      <span className="muted">
        <Trans>Export:</Trans>
      </span>
      {FORMATS.map((format) => (
        <button key={format} type="button" className="btn btn-secondary btn-small" disabled={busy !== null} onClick={() => run(format)}>
          {busy === format ? t`Preparing…` : labels[format]}
        </button>
      ))}
      <DownloadProgress bytes={bytes} />
    </div>
  );
}
