import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { EmptyState } from '../../components/ui/empty-state';
import { RegistrationDetails } from '../../components/ui/registration-details';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { registrationQueries, useSubmitRegistration } from './api';
import { registrationStatusLabels, registrationStatusTones, stepLabels } from './labels';
import { PublicFrame } from './public-frame';
import { usePublicNames } from './registration-names';
import { useRegistrationToken } from './token-store';
import { BusyButton } from '../../components/ui/busy-button';

/** /preview: everything the registration holds, read back before it is submitted (and after, read-only). */
export function PreviewPage() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const token = useRegistrationToken();
  const current = useQuery({ ...registrationQueries.current(), enabled: token !== null });
  const names = usePublicNames();
  const submit = useSubmitRegistration();
  const [failure, setFailure] = useState<string | null>(null);

  if (token === null) return <Navigate to={localizedPath(paths.registration, locale)} replace />;
  let body;
  if (current.isPending) body = <Spinner label={t`Loading…`} />;
  else if (current.isError) body = <EmptyState title={errorText(current.error, t`You are offline. Connect to the internet and try again.`)} />;
  else {
    const view = current.data;
    const editable = view.status === 'unfinished';
    const missing = view.missingSteps.map((step) => i18n._(stepLabels[step])).join(', ');
    const send = async () => {
      setFailure(null);
      try {
        await submit.mutateAsync(undefined);
        navigate(localizedPath(paths.registration, locale));
      } catch (error) {
        setFailure(errorText(error, t`You are offline. Connect to the internet and try again.`));
      }
    };
    body = (
      <div className="form">
        <div className="section-head">
          <p className="muted">{editable ? t`Check everything below before you submit it.` : t`This is what was submitted.`}</p>
          <StatusBadge tone={registrationStatusTones[view.status]} label={i18n._(registrationStatusLabels[view.status])} />
        </div>
        {editable && view.missingSteps.length > 0 ? (
          <p className="notice notice-warning" role="status">
            {t`Still to complete: ${missing}`}
          </p>
        ) : null}
        <RegistrationDetails
          data={{ ...view.data, referralCode: view.data.extras?.referralCode ?? null, registrationChannel: view.data.extras?.registrationChannel }}
          names={names}
          renderDocument={(uploadId) => view.uploads.find((upload) => upload.id === uploadId)?.name ?? t`File not available`}
          missingText={t`Not filled in yet`}
        />
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="step-actions">
          <Link className="btn btn-secondary" to={localizedPath(paths.registration, locale)}>
            {editable ? <Trans>Back to editing</Trans> : <Trans>Back to the summary</Trans>}
          </Link>
          {editable ? (
            <BusyButton type="button" className="btn btn-primary" busy={submit.isPending} disabled={view.missingSteps.length > 0} onClick={send}>
              <Trans>Submit registration</Trans>
            </BusyButton>
          ) : null}
        </div>
      </div>
    );
  }
  return <PublicFrame title={t`Registration preview`}>{body}</PublicFrame>;
}
