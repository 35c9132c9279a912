import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { apiPaths } from '../../../domain/api-paths';
import { DownloadProgress } from '../../components/ui/download-progress';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { CongregationStatementSend } from './congregation-statement-send';
import { BusyButton } from '../../components/ui/busy-button';

type Format = 'zip' | 'pdf';

/**
 * Every member's giving statement of a congregation for a year: a ZIP with one PDF per member, or
 * one PDF to print. The server streams it as it draws; the page says how much has arrived.
 */
export function CongregationStatements({ institutionId, defaultYear }: { institutionId: number; defaultYear: number }) {
  const { t } = useLingui();
  const [year, setYear] = useState(defaultYear);
  const [busy, setBusy] = useState<Format | null>(null);
  const download = useExportDownload();
  const run = async (format: Format) => {
    setBusy(format);
    try {
      await download.start(`${apiPaths.institutionStatements(institutionId)}?year=${year}&format=${format}`, `statements-${institutionId}-${year}.${format}`);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="stats-section card" aria-labelledby="statements-heading">
      <h3 id="statements-heading">
        <Trans>Members’ giving statements</Trans>
      </h3>
      <p className="muted">
        <Trans>Every member’s statement for the year, each in the member’s language.</Trans>
      </p>
      <div className="filter-bar">
        <div className="field">
          <label htmlFor="statements-year">{t`Year`}</label>
          <input id="statements-year" type="number" min={2000} max={2100} value={year} onChange={(event) => setYear(Number(event.target.value) || defaultYear)} />
        </div>
        <BusyButton type="button" className="btn btn-secondary" busy={busy !== null} onClick={() => void run('zip')}>
          {busy === 'zip' ? t`Preparing…` : t`ZIP, one PDF per member`}
        </BusyButton>
        <BusyButton type="button" className="btn btn-secondary" busy={busy !== null} onClick={() => void run('pdf')}>
          {busy === 'pdf' ? t`Preparing…` : t`One PDF to print`}
        </BusyButton>
      </div>
      <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
      <CongregationStatementSend institutionId={institutionId} year={year} />
    </section>
  );
}
