import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import type { RegistrationView } from '../../../domain/api/back-office-registration';
import { localizedPath, paths } from '../../../domain/paths';
import { DateTime } from '../../components/ui/date-time';
import { DetailsList } from '../../components/ui/details-list';
import { StatusBadge } from '../../components/ui/status-badge';
import { localeOfPath } from '../../lib/locale-path';
import { registrationKeys } from './api';
import { registrationStatusLabels, registrationStatusTones } from './labels';
import { forgetRegistrationToken } from './token-store';

/**
 * The applicant's registration summary once it has left their hands: submitted and waiting for
 * approval, completed, or rejected with the bank's reason.
 */
export function RegistrationStatusView({ view }: { view: RegistrationView }) {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const queryClient = useQueryClient();
  const startOver = () => {
    forgetRegistrationToken();
    queryClient.removeQueries({ queryKey: registrationKeys.current() });
  };
  const title = view.data.institution?.title ?? '';
  return (
    <section className="form" aria-labelledby="summary-title">
      <div className="section-head">
        <h2 id="summary-title" className="card-title">
          <Trans>Registration summary</Trans>
        </h2>
        <StatusBadge tone={registrationStatusTones[view.status]} label={i18n._(registrationStatusLabels[view.status])} />
      </div>
      <DetailsList
        items={[
          { label: t`Institution`, value: title },
          { label: t`Submitted`, value: <DateTime value={view.submittedAt} /> },
          ...(view.status === 'rejected' ? [{ label: t`Reason`, value: view.rejectionReason }] : []),
        ]}
      />
      {view.status === 'submitted' ? (
        <p className="notice notice-warning" role="status">
          <Trans>
            Your registration is waiting for approval. The bank branch checks it and a second bank officer approves it; then the default user receives a username
            and a temporary password by SMS and email.
          </Trans>
        </p>
      ) : null}
      {view.status === 'completed' ? (
        <p className="notice notice-success" role="status">
          <Trans>Your church or mosque is registered. The default user has received a username and a temporary password by SMS and email.</Trans>
        </p>
      ) : null}
      {view.status === 'rejected' ? (
        <p className="notice notice-error" role="status">
          <Trans>This registration was rejected. Read the reason above, then start a new registration with the corrections.</Trans>
        </p>
      ) : null}
      <div className="step-actions">
        <Link className="btn btn-secondary" to={localizedPath(paths.preview, locale)}>
          <Trans>See what was submitted</Trans>
        </Link>
        {view.status === 'completed' ? (
          <Link className="btn btn-primary" to={localizedPath(paths.login, locale)}>
            <Trans>Go to sign in</Trans>
          </Link>
        ) : null}
        {view.status === 'completed' || view.status === 'rejected' ? (
          <button type="button" className="btn btn-secondary" onClick={startOver}>
            <Trans>Start a new registration</Trans>
          </button>
        ) : null}
      </div>
    </section>
  );
}
