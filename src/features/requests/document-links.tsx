import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { UploadInfo } from '../../../domain/api/back-office';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { downloadDocument, openDocument } from './file-download';
import { BusyButton } from '../../components/ui/busy-button';

function sizeText(bytes: number, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${number.format(bytes / (1024 * 1024))} MB`;
  return `${number.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** One uploaded file with Open and Download, fetched through the server's authorised URL. */
export function DocumentLinks({ upload }: { upload: UploadInfo | undefined }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  if (!upload) return <span className="muted">{t`File not available`}</span>;
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    } finally {
      setBusy(false);
    }
  };
  const name = upload.name;
  return (
    <span className="document-links">
      <span>
        {name} <span className="muted">({sizeText(upload.sizeBytes, i18n.locale)})</span>
      </span>
      <BusyButton type="button" className="btn btn-link btn-small" busy={busy} aria-label={t`Open ${name}`} onClick={() => run(() => openDocument(upload.url))}>
        <Trans>Open</Trans>
      </BusyButton>
      <BusyButton type="button" className="btn btn-link btn-small" busy={busy} aria-label={t`Download ${name}`} onClick={() => run(() => downloadDocument(upload.url, name))}>
        <Trans>Download</Trans>
      </BusyButton>
    </span>
  );
}
