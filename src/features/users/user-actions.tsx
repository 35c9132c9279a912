import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { UserItem } from '../../../domain/api/back-office-users';
import { ConfirmDeletionDialog } from '../../components/ui/confirm-deletion-dialog';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { sendDeleteCode, useDeleteUser, useUserAction } from './api';

type Pending = 'disable' | 'reset-2fa' | 'delete' | null;

/** Enable/disable, reset two-factor and delete for one bank user; each asks before it acts. */
export function UserActions({ user, canUpdate, canDelete, onEdit }: { user: UserItem; canUpdate: boolean; canDelete: boolean; onEdit: () => void }) {
  const { t } = useLingui();
  const action = useUserAction();
  const remove = useDeleteUser();
  const [pending, setPending] = useState<Pending>(null);
  const [password, setPassword] = useState('');
  const passwordId = useId();
  const offline = t`You are offline. Connect to the internet and try again.`;
  const name = user.name;

  const run = async (kind: 'enable' | 'disable' | 'reset-2fa') => {
    try {
      await action.mutateAsync({ id: user.id, action: kind, password });
      const done = { enable: t`${name} is enabled`, disable: t`${name} is disabled and signed out everywhere`, 'reset-2fa': t`Two-factor authentication of ${name} was reset` };
      showToast({ tone: 'success', message: done[kind] });
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, offline) });
    } finally {
      setPending(null);
      setPassword('');
    }
  };

  return (
    <span className="row-actions">
      {canUpdate ? (
        <>
          <button type="button" className="btn btn-link btn-small" disabled={user.pendingRequestId !== null} aria-label={t`Edit ${name}`} onClick={onEdit}>
            <Trans>Edit</Trans>
          </button>
          {user.status === 'activated' ? (
            <button type="button" className="btn btn-link btn-small" aria-label={t`Disable ${name}`} onClick={() => setPending('disable')}>
              <Trans>Disable</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn-link btn-small" aria-label={t`Enable ${name}`} onClick={() => run('enable')}>
              <Trans>Enable</Trans>
            </button>
          )}
          {user.twoFactorEnabled ? (
            <button type="button" className="btn btn-link btn-small" aria-label={t`Reset two-factor of ${name}`} onClick={() => setPending('reset-2fa')}>
              <Trans>Reset 2FA</Trans>
            </button>
          ) : null}
        </>
      ) : null}
      {canDelete ? (
        <button type="button" className="btn btn-link btn-small" aria-label={t`Delete ${name}`} onClick={() => setPending('delete')}>
          <Trans>Delete</Trans>
        </button>
      ) : null}
      {pending === 'disable' || pending === 'reset-2fa' ? (
        <ConfirmDialog
          title={pending === 'disable' ? t`Disable ${name}?` : t`Reset two-factor authentication of ${name}?`}
          confirmLabel={pending === 'disable' ? t`Disable` : t`Reset 2FA`}
          cancelLabel={t`Cancel`}
          tone="danger"
          busy={action.isPending}
          onConfirm={() => run(pending)}
          onCancel={() => {
            setPending(null);
            setPassword('');
          }}
        >
          <p>
            {pending === 'disable' ? (
              <Trans>They are signed out on every device and cannot sign in until enabled again.</Trans>
            ) : (
              <Trans>They sign in with the password only, and set up two-factor again from their profile.</Trans>
            )}
          </p>
          <div className="field">
            <label htmlFor={passwordId}>{t`Your password`}</label>
            <input id={passwordId} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          </div>
        </ConfirmDialog>
      ) : null}
      {pending === 'delete' ? (
        <ConfirmDeletionDialog
          title={t`Delete ${name}?`}
          onSendCode={async () => (await sendDeleteCode(user.id)).message}
          onConfirm={async (proof) => {
            const answer = await remove.mutateAsync({ id: user.id, proof });
            setPending(null);
            showToast({ tone: 'success', message: answer.message });
          }}
          onCancel={() => setPending(null)}
        >
          <p>
            <Trans>The user can no longer sign in and disappears from this list. Confirm with a code sent to your phone or with your password.</Trans>
          </p>
        </ConfirmDeletionDialog>
      ) : null}
    </span>
  );
}
