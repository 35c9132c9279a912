import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import type { ListAnswer } from '../../components/ui/list-card';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';

/** A report's answer below its filters: a spinner while it loads, why it failed, or the report. */
export function ReportResult<T>({ report, children }: { report: ListAnswer<T>; children: (answer: T) => ReactNode }) {
  const { t } = useLingui();
  if (report.status === 'pending') return <Spinner label={t`Loading…`} />;
  if (report.status === 'error') {
    return (
      <div className="card">
        <EmptyState title={errorText(report.error, t`You are offline. Reports need a connection.`)} />
      </div>
    );
  }
  return children(report.data);
}
