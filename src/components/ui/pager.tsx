import { Trans, useLingui } from '@lingui/react/macro';

type PagerProps = { offset: number; limit: number; count: number; onChange: (offset: number) => void };

/** Previous / next over an offset-paged list; hidden when everything fits on one page. */
export function Pager({ offset, limit, count, onChange }: PagerProps) {
  const { t } = useLingui();
  if (count <= limit && offset === 0) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(count / limit));
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" className="btn btn-secondary btn-small" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        <Trans>Previous</Trans>
      </button>
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button type="button" className="btn btn-secondary btn-small" disabled={offset + limit >= count} onClick={() => onChange(offset + limit)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
