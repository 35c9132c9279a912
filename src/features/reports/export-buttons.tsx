import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ExportFormat } from '../../../domain/api/back-office-reports';
import { messages } from '../../../domain/messages';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';
import { downloadFile } from '../../lib/export-download';
import { showToast } from '../../lib/toast';

const FORMATS: ReadonlyArray<Exclude<ExportFormat, 'json'>> = ['csv', 'xlsx', 'pdf'];

/** CSV, Excel and PDF of what the filters show, built by the server. */
export function ExportButtons({ pathFor, baseName }: { pathFor: (format: ExportFormat) => string; baseName: string }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const labels: Record<(typeof FORMATS)[number], string> = { csv: 'CSV', xlsx: t`Excel`, pdf: 'PDF' };
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(pathFor(format), `${baseName}.${format}`);
    } catch (error) {
      // Spec section 8 names 'Export failed'; a server message (e.g. bad dates) is more precise when there is one.
      const detail = error instanceof ApiError && error.status < 500 ? errorText(error, '') : i18n._(messages.boExportFailed);
      showToast({ tone: 'error', message: detail || i18n._(messages.boExportFailed) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="export-actions" role="group" aria-label={t`Export`}>
      <span className="muted">
        <Trans>Export:</Trans>
      </span>
      {FORMATS.map((format) => (
        <button key={format} type="button" className="btn btn-secondary btn-small" disabled={busy !== null} onClick={() => run(format)}>
          {busy === format ? t`Preparing…` : labels[format]}
        </button>
      ))}
    </div>
  );
}
