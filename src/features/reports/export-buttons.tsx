import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ExportFormat } from '../../../domain/api/back-office-reports';
import { messages } from '../../../domain/messages';
import { DownloadProgress } from '../../components/ui/download-progress';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { BusyButton } from '../../components/ui/busy-button';

const FORMATS: ReadonlyArray<Exclude<ExportFormat, 'json'>> = ['csv', 'xlsx', 'pdf'];

/** CSV, Excel and PDF of what the filters show, built and streamed by the server, with progress and a cancel. */
export function ExportButtons({ pathFor, baseName }: { pathFor: (format: ExportFormat) => string; baseName: string }) {
  const { t, i18n } = useLingui();
  const download = useExportDownload();
  const [format, setFormat] = useState<ExportFormat | null>(null);
  const labels: Record<(typeof FORMATS)[number], string> = { csv: 'CSV', xlsx: t`Excel`, pdf: 'PDF' };
  const run = async (chosen: ExportFormat) => {
    setFormat(chosen);
    try {
      await download.start(pathFor(chosen), `${baseName}.${chosen}`);
    } catch (error) {
      // Spec section 8 names 'Export failed'; a server message (e.g. bad dates) is more precise when there is one.
      const detail = error instanceof ApiError && error.status < 500 ? errorText(error, '') : i18n._(messages.boExportFailed);
      showToast({ tone: 'error', message: detail || i18n._(messages.boExportFailed) });
    } finally {
      setFormat(null);
    }
  };
  return (
    <div className="export-actions" role="group" aria-label={t`Export`}>
      <span className="muted">
        <Trans>Export:</Trans>
      </span>
      {FORMATS.map((each) => (
        <BusyButton key={each} type="button" className="btn btn-secondary btn-small" busy={download.busy} onClick={() => run(each)}>
          {format === each ? t`Preparing…` : labels[each]}
        </BusyButton>
      ))}
      <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
    </div>
  );
}
