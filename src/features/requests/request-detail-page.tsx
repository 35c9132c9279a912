import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { DateTime } from '../../components/ui/date-time';
import { DetailsList } from '../../components/ui/details-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { profileQuery } from '../../lib/session-queries';
import { requestQueries } from './api';
import { DecisionPanel } from './decision-panel';
import { requestStatusLabels, requestStatusTones, requestTypeSingular } from './labels';
import { PayloadView } from './payload-view';
import '../../components/ui/back-office.css';

/** /requests/{id}: who asked for what, everything it carries, its documents, and the decision. */
export function RequestDetailPage() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...requestQueries.detail(valid ? id : 0), enabled: valid });
  const viewer = useQuery(profileQuery()).data;
  const back = (
    <Link to={`${localizedPath(paths.requests, locale)}${detail.data ? `?type=${detail.data.type}` : ''}`}>
      <Trans>Back to requests</Trans>
    </Link>
  );

  if (!valid) return <EmptyState title={t`The record was not found`}>{back}</EmptyState>;
  if (detail.isPending) return <Spinner label={t`Loading…`} />;
  if (detail.isError) {
    return (
      <div className="card">
        <EmptyState title={errorText(detail.error, t`You are offline. Requests need a connection.`)}>{back}</EmptyState>
      </div>
    );
  }
  const request = detail.data;
  const typeName = i18n._(requestTypeSingular[request.type]);
  return (
    <section className="page" aria-labelledby="request-heading">
      {back}
      <div className="section-head">
        <h2 id="request-heading" className="page-heading">
          {typeName}: {request.title ?? request.subject}
        </h2>
        <StatusBadge tone={requestStatusTones[request.status]} label={i18n._(requestStatusLabels[request.status])} />
      </div>
      <div className="card">
        <DetailsList
          label={t`Request`}
          items={[
            { label: t`Request number`, value: String(request.id) },
            { label: t`Made by`, value: request.makerName },
            { label: t`Made on`, value: <DateTime value={request.createdAt} /> },
            { label: t`Branch`, value: request.branchName },
            ...(request.status === 'requested'
              ? []
              : [
                  { label: t`Decided by`, value: request.checkerName },
                  { label: t`Decided on`, value: <DateTime value={request.resolvedAt} /> },
                  { label: t`Reason`, value: request.reason },
                ]),
          ]}
        />
      </div>
      <div className="card">
        <h2 className="card-title">
          <Trans>What approving it will do</Trans>
        </h2>
        <PayloadView detail={request} />
      </div>
      <DecisionPanel detail={request} viewerId={viewer?.id} />
    </section>
  );
}
