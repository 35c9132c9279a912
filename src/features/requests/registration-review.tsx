import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useLocation } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { EmptyState } from '../../components/ui/empty-state';
import { RegistrationDetails } from '../../components/ui/registration-details';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { requestQueries, useForwardRegistration } from './api';
import { DocumentLinks } from './document-links';
import { registrationStatusLabels, registrationStatusTones } from './labels';
import { useRegistrationNames } from './names';
import { BusyButton } from '../../components/ui/busy-button';

/**
 * A submitted registration as branch staff check it (documents included) before sending it for
 * approval; sending makes them its maker, so someone else approves it.
 */
export function RegistrationReview({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const locale = localeOfPath(useLocation().pathname);
  const registration = useQuery(requestQueries.registration(id));
  const profile = useQuery(profileQuery()).data;
  const forward = useForwardRegistration();
  const names = useRegistrationNames();

  if (registration.isPending) return <Spinner label={t`Loading…`} />;
  if (registration.isError) return <EmptyState title={errorText(registration.error, t`You are offline. Requests need a connection.`)} />;
  const view = registration.data;
  const canForward = view.status === 'submitted' && view.requestId === null && canDo(profile, 'requests', 'create');
  const send = async () => {
    try {
      const sent = await forward.mutateAsync(view.id);
      showToast({ tone: 'success', message: t`Sent for approval` });
      navigate(localizedPath(`${paths.requests}/${sent.requestId}`, locale));
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    }
  };

  return (
    <div className="form">
      <div className="section-head">
        <button type="button" className="btn btn-link" onClick={onClose}>
          <Trans>Back to the registration summary</Trans>
        </button>
        <StatusBadge tone={registrationStatusTones[view.status]} label={i18n._(registrationStatusLabels[view.status])} />
      </div>
      <RegistrationDetails
        data={{ ...view.data, referralCode: view.data.extras?.referralCode ?? null, registrationChannel: view.data.extras?.registrationChannel }}
        names={names}
        renderDocument={(uploadId) => <DocumentLinks upload={view.uploads.find((upload) => upload.id === uploadId)} />}
        missingText={t`Not filled in`}
      />
      {canForward ? (
        <div className="dialog-actions">
          <BusyButton type="button" className="btn btn-primary" busy={forward.isPending} onClick={send}>
            <Trans>Send for approval</Trans>
          </BusyButton>
        </div>
      ) : null}
    </div>
  );
}
