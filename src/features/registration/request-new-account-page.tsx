import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { Profile } from '../../../domain/api/auth';
import type { AmendmentInput, InstitutionAccess, PublicNewAccountInput } from '../../../domain/api/back-office-registration';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import { localizedPath, paths } from '../../../domain/paths';
import { Field } from '../../components/ui/field';
import { localeOfPath } from '../../lib/locale-path';
import { getStoredProfile, hasSession } from '../../lib/session';
import { accountHoldersQuery, useRequestAmendment, useRequestNewAccount } from './account-requests-api';
import { AmendmentRequestForm } from './amendment-form';
import { accessAmendment, accessNewAccount } from './institution-access-api';
import { InstitutionAccessForm } from './institution-access-form';
import { NewAccountRequestForm } from './new-account-form';
import { PublicFrame } from './public-frame';

type Senders = { amend: (changes: AmendmentInput) => Promise<SubmittedRequest>; newAccount: (input: PublicNewAccountInput) => Promise<SubmittedRequest> };

/** The two requests as tabs; `senders` says on whose authority they go (session or access code). */
function RequestTabs({ senders, institutionKey }: { senders: Senders; institutionKey: string }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'account' ? 'account' : 'details';
  const choose = (next: 'details' | 'account') => {
    const merged = new URLSearchParams(params);
    merged.set('tab', next);
    setParams(merged, { replace: true });
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={t`Institution requests`}>
        <button type="button" role="tab" aria-selected={tab === 'details'} onClick={() => choose('details')}>
          <Trans>Change institution details</Trans>
        </button>
        <button type="button" role="tab" aria-selected={tab === 'account'} onClick={() => choose('account')}>
          <Trans>Request a new account</Trans>
        </button>
      </div>
      <div role="tabpanel">
        {tab === 'details' ? <AmendmentRequestForm key={institutionKey} send={senders.amend} /> : <NewAccountRequestForm key={institutionKey} send={senders.newAccount} />}
      </div>
    </>
  );
}

/** Signed in: a church or mosque user acts for their own institution; bank staff choose one. */
function SignedIn({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(Number(params.get('institution')) || null);
  const holders = useQuery({ ...accountHoldersQuery(), enabled: profile.level === null });
  const amend = useRequestAmendment();
  const newAccount = useRequestNewAccount();
  const institutionId = profile.level !== null ? profile.entityId : chosen;
  const entity = profile.entity ?? '';
  const entityCode = profile.entityCode ?? '';
  return (
    <>
      {profile.level !== null ? (
        <p className="muted">{t`For ${entity} (${entityCode})`}</p>
      ) : (
        <Field id="request-institution" label={t`Church or mosque`}>
          <select id="request-institution" value={chosen ?? ''} onChange={(event) => setChosen(Number(event.target.value) || null)}>
            <option value="">{t`Choose…`}</option>
            {(holders.data ?? []).map((holder) => (
              <option key={holder.id} value={holder.id}>
                {holder.title}
              </option>
            ))}
          </select>
        </Field>
      )}
      {institutionId === null ? (
        <p className="muted">{t`Choose the church or mosque first.`}</p>
      ) : (
        <RequestTabs
          institutionKey={String(institutionId)}
          senders={{
            amend: (changes) => amend.mutateAsync({ institutionId, changes }),
            newAccount: (input) => newAccount.mutateAsync({ institutionId, ...input }),
          }}
        />
      )}
    </>
  );
}

/** Not signed in: a code to a phone the bank holds for the institution opens 30 minutes of access. */
function WithAccessCode() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const [access, setAccess] = useState<InstitutionAccess | null>(null);
  if (!access) {
    return (
      <>
        <InstitutionAccessForm onAccess={setAccess} />
        <p className="muted">
          <Trans>
            Not registered yet? <Link to={localizedPath(paths.registration, locale)}>Register a church or mosque</Link>
          </Trans>
        </p>
      </>
    );
  }
  const { title, code } = access.institution;
  return (
    <>
      <p className="notice notice-success" role="status">
        {t`Requests for ${title} (${code})`}
      </p>
      <RequestTabs
        institutionKey={code}
        senders={{ amend: (changes) => accessAmendment(access.accessToken, changes), newAccount: (input) => accessNewAccount(access.accessToken, input) }}
      />
    </>
  );
}

/**
 * /request-new-account: "change institution details" and "request new account" for a registered
 * church or mosque. Whoever asks (its user, bank staff, or someone proving it by SMS code), the
 * bank approves the change before it takes effect.
 */
export function RequestNewAccountPage() {
  const { t } = useLingui();
  const profile = hasSession() ? getStoredProfile() : null;
  return <PublicFrame title={t`Change institution details`}>{profile ? <SignedIn profile={profile} /> : <WithAccessCode />}</PublicFrame>;
}
