import { useLingui } from '@lingui/react/macro';
import { errorText } from '../../lib/error-message';
import { useResetRequest } from './api';
import { UsernameForm } from './username-form';

export function ResetByEmail() {
  const { t } = useLingui();
  const request = useResetRequest();
  if (request.isSuccess) {
    return (
      <p className="notice notice-success" role="status">
        {request.data.message}
      </p>
    );
  }
  return (
    <>
      <p className="muted">{t`We will email a link to set a new password. The link is valid for 30 minutes.`}</p>
      {request.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(request.error, t`You are offline. Connect to the internet and try again.`)}
        </p>
      ) : null}
      <UsernameForm submitLabel={t`Send link`} busy={request.isPending} onSubmit={(username) => request.mutate({ username, channel: 'email' })} />
    </>
  );
}
