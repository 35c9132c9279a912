import { Trans, useLingui } from '@lingui/react/macro';

/** How much of a streamed export has arrived, said politely to screen readers as it grows. */
export function DownloadProgress({ bytes }: { bytes: number | null }) {
  const { i18n } = useLingui();
  if (bytes === null) return null;
  const received = new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: bytes >= 1_048_576 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(bytes >= 1_048_576 ? bytes / 1_048_576 : bytes / 1024);
  return (
    <p className="download-progress muted" role="status">
      <Trans>Downloading… {received} received</Trans>
    </p>
  );
}
