import { Trans, useLingui } from '@lingui/react/macro';

type CursorPagerProps = {
  /** 1 for the first page. */
  page: number;
  nextCursor: string | null;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
  /** When the list says how many rows match, "Page 2 of 9" is shown between the buttons. */
  count?: number | undefined;
  limit?: number | undefined;
};

/** Previous / next over a keyset-paged list; hidden when everything fits on one page. */
export function CursorPager({ page, nextCursor, onNext, onPrevious, count, limit }: CursorPagerProps) {
  const { t } = useLingui();
  if (page === 1 && nextCursor === null) return null;
  const pages = count !== undefined && limit !== undefined ? Math.max(page, Math.ceil(count / limit)) : null;
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" className="btn btn-secondary btn-small" disabled={page === 1} onClick={onPrevious}>
        <Trans>Previous</Trans>
      </button>
      {pages !== null ? (
        <span>
          <Trans>
            Page {page} of {pages}
          </Trans>
        </span>
      ) : null}
      <button type="button" className="btn btn-secondary btn-small" disabled={nextCursor === null} onClick={() => nextCursor !== null && onNext(nextCursor)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
