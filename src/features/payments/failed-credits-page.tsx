import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { errorText } from '../../lib/error-message';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { useCursorStack } from '../../lib/cursor-stack';
import { paymentActions, paymentKeys, paymentQueries } from './api';
import { dateTime, money } from './format';
import { PagedSection } from './paged-section';
import './payments.css';
import { BusyButton } from '../../components/ui/busy-button';

/** Completed payments whose credit to the share holders' accounts failed, with a retry for those allowed. */
export function FailedCreditsPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery()).data;
  const pages = useCursorStack();
  const list = useQuery(paymentQueries.failedCredits(pages.cursor));
  const offline = t`You are offline. Failed credits appear when the connection is back.`;
  const retry = useMutation({
    mutationFn: (id: string) => paymentActions.retryCredit(id),
    onSuccess: (result) => {
      if (result.creditStatus === 'credited') showToast({ tone: 'success', message: t`Credited` });
      else showToast({ tone: 'error', message: result.reason ?? t`The credit failed again` });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
    onError: (error) => showToast({ tone: 'error', message: errorText(error, offline) }),
  });
  const mayRetry = canDo(profile, 'bankAccounts', 'update');

  return (
    <div className="page failed-credits">
      <PagedSection
        label={t`Failed credits`}
        list={list}
        offlineText={offline}
        empty={
          <EmptyState title={t`No failed credits.`}>
            <Trans>Every completed payment has reached its accounts.</Trans>
          </EmptyState>
        }
        pages={pages}
      >
        {(rows) => (
          <DataTable
            columns={[t`Completed`, t`Reference`, t`Church or mosque`, { label: t`Amount`, numeric: true }, { label: t`Fee`, numeric: true }, t`Reason`, t`Attempts`, { label: t`Actions`, hidden: true }]}
          >
            {rows.map((row) => {
              const reference = row.referenceNo;
              return (
                <tr key={row.id}>
                  <td>{dateTime(row.completedAt, i18n.locale)}</td>
                  <td>{row.referenceNo}</td>
                  <td>{row.institution.title}</td>
                  <td className="num">{money(row.amount, row.currency, i18n.locale)}</td>
                  <td className="num">{money(row.fee, row.currency, i18n.locale)}</td>
                  <td className="wrap">{row.reason ?? ''}</td>
                  <td>
                    {row.attempts}
                    {row.lastAttemptAt ? <div className="muted small">{dateTime(row.lastAttemptAt, i18n.locale)}</div> : null}
                  </td>
                  <td>
                    {mayRetry ? (
                      <BusyButton
                        type="button"
                        className="btn btn-secondary btn-small"
                        busy={retry.isPending}
                        onClick={() => retry.mutate(row.id)}
                        aria-label={t`Retry the credit of ${reference}`}
                      >
                        <Trans>Retry</Trans>
                      </BusyButton>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </PagedSection>
    </div>
  );
}
