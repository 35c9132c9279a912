import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../domain/api/auth';
import { userKind } from '../../lib/permissions';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { shellQueries, useSetReligion } from './api';

function ReligionSelector({ current }: { current: number | null }) {
  const { t, i18n } = useLingui();
  const religions = useQuery(shellQueries.religions(i18n.locale));
  const setReligion = useSetReligion();
  return (
    <div className="menu-header-field">
      <label htmlFor="religion-select">
        <Trans>Religion</Trans>
      </label>
      <select
        id="religion-select"
        value={current ?? ''}
        disabled={religions.isPending || setReligion.isPending}
        onChange={(event) =>
          setReligion.mutate(Number(event.target.value), {
            onError: (error) => showToast({ tone: 'error', title: t`Error`, message: errorText(error, t`You are offline.`) }),
          })
        }
      >
        <option value="" disabled>
          {t`Choose a religion`}
        </option>
        {(religions.data ?? []).map((religion) => (
          <option key={religion.value} value={religion.value}>
            {religion.text}
          </option>
        ))}
      </select>
    </div>
  );
}

function SmsUsage() {
  const sms = useQuery(shellQueries.smsBalance());
  if (!sms.data) return null;
  const { smsLeft, smsCap } = sms.data;
  return (
    <p className="menu-header-sms">
      <Trans>
        SMS: {smsLeft} of {smsCap}
      </Trans>
    </p>
  );
}

/** The profile may be a copy kept offline from before a language switch: take the religion's name in the language shown now. */
export function religionName(profile: Pick<Profile, 'religion' | 'religionNames'>, locale: string): string | null {
  const names = profile.religionNames;
  if (!names) return profile.religion;
  return locale === 'en' ? names.en : names.sw;
}

/** Who is signed in, under the menu's header: branch, institution, or the admin's religion choice. */
export function MenuHeader({ profile }: { profile: Profile }) {
  const { i18n } = useLingui();
  const kind = userKind(profile);
  // Spec section 6: only bank staff and union-level users see SMS usage.
  const showSms = profile.level === null || profile.level === 'union';
  return (
    <div className="menu-header">
      {kind === 'branch' ? <p className="menu-header-title">{profile.branchName}</p> : null}
      {kind === 'entity' ? (
        <>
          <p className="menu-header-sub">{religionName(profile, i18n.locale)}</p>
          <p className="menu-header-title">{profile.entity}</p>
          {profile.entityCode ? <p className="menu-header-sub">{profile.entityCode}</p> : null}
        </>
      ) : null}
      {kind === 'admin' ? <ReligionSelector current={profile.religionId} /> : null}
      {showSms ? <SmsUsage /> : null}
    </div>
  );
}
