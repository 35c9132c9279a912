import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReportFormat } from '../../../domain/api/stats';
import { DownloadProgress } from '../../components/ui/download-progress';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { BusyButton } from '../../components/ui/busy-button';

const FORMATS = ['csv', 'xlsx', 'pdf'] as const;

/** CSV, Excel and PDF of the offerings report, built and streamed by the server; progress and a cancel while it works. */
export function OfferingsExport({ pathFor, baseName }: { pathFor: (format: ReportFormat) => string; baseName: string }) {
  const { t } = useLingui();
  const download = useExportDownload();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const labels = { csv: 'CSV', xlsx: t`Excel`, pdf: 'PDF' };
  const run = async (format: (typeof FORMATS)[number]) => {
    setBusy(format);
    try {
      await download.start(pathFor(format), `${baseName}.${format}`);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="export-actions" role="group" aria-label={t`Export the offerings report`}>
      <span className="muted">
        <Trans>Export:</Trans>
      </span>
      {FORMATS.map((format) => (
        <BusyButton key={format} type="button" className="btn btn-secondary btn-small" busy={download.busy} onClick={() => run(format)}>
          {busy === format ? t`Preparing…` : labels[format]}
        </BusyButton>
      ))}
      <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
    </div>
  );
}
