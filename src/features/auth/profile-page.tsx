import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Profile } from '../../../domain/api/auth';
import { messages } from '../../../domain/messages';
import { Spinner } from '../../components/ui/spinner';
import { userKind } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorPanel } from './two-factor-panel';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="detail-row">
      <dt>{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
}

function Details({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const kind = userKind(profile);
  const kindLabel = { admin: t`Bank administrator`, branch: t`Bank branch staff`, entity: t`Church or mosque administrator` }[kind];
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title" className="card-title">
        <Trans>My details</Trans>
      </h2>
      <dl className="details">
        <Row label={t`Name`} value={profile.name} />
        <Row label={t`Username`} value={profile.username} />
        <Row label={t`Email`} value={profile.email} />
        <Row label={t`Phone number`} value={profile.phone} />
        <Row label={t`Role`} value={kindLabel} />
        {kind === 'branch' ? <Row label={t`Branch`} value={profile.branchName} /> : null}
        {kind === 'entity' ? <Row label={t`Church or mosque`} value={profile.entity} /> : null}
        {kind === 'entity' ? <Row label={t`Code`} value={profile.entityCode} /> : null}
        {profile.religion ? <Row label={t`Religion`} value={profile.religion} /> : null}
      </dl>
    </section>
  );
}

export function ProfilePage() {
  const { t, i18n } = useLingui();
  const profile = useQuery(profileQuery());
  if (!profile.data) return <Spinner label={t`Loading…`} />;
  return (
    <div className="profile-page">
      {profile.data.force_change_password ? (
        <p className="notice notice-warning" role="alert">
          {i18n._(messages.mustChangePassword)}
        </p>
      ) : null}
      <div className="profile-grid">
        <Details profile={profile.data} />
        <section className="card">
          <ChangePasswordForm />
        </section>
        <TwoFactorPanel profile={profile.data} />
      </div>
    </div>
  );
}
