import { Trans, useLingui } from '@lingui/react/macro';
import { PAGE_SIZE } from './api';

export function Pager({ offset, count, onChange }: { offset: number; count: number; onChange: (offset: number) => void }) {
  const { t } = useLingui();
  const page = Math.floor(offset / PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" className="btn btn-secondary btn-small" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - PAGE_SIZE))}>
        <Trans>Previous</Trans>
      </button>
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button type="button" className="btn btn-secondary btn-small" disabled={offset + PAGE_SIZE >= count} onClick={() => onChange(offset + PAGE_SIZE)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
