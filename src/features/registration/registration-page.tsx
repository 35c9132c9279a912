import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { RegistrationView } from '../../../domain/api/back-office-registration';
import { REGISTRATION_STEPS, type RegistrationStep } from '../../../domain/registration-rules';
import { localizedPath, paths } from '../../../domain/paths';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { isUnknownRegistration, registrationQueries } from './api';
import { BankAccountStepForm } from './bank-account-step';
import { DefaultUserStepForm } from './default-user-step';
import { ExtrasStepForm } from './extras-step';
import { InstitutionStepForm } from './institution-step';
import { stepLabels } from './labels';
import { PublicFrame } from './public-frame';
import { SignatoriesStepForm } from './signatories-step';
import { StartRegistrationForm } from './start-form';
import { RegistrationStatusView } from './status-view';
import { forgetRegistrationToken, useRegistrationToken } from './token-store';

function readStep(value: string | null, view: RegistrationView): RegistrationStep {
  if (REGISTRATION_STEPS.includes(value as RegistrationStep)) return value as RegistrationStep;
  return view.missingSteps[0] ?? 'institution';
}

/** The five steps, each saved on its own; the list shows which are done and jumps between them. */
function Wizard({ view }: { view: RegistrationView }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const locale = localeOfPath(useLocation().pathname);
  const [params, setParams] = useSearchParams();
  const step = readStep(params.get('step'), view);
  const index = REGISTRATION_STEPS.indexOf(step);
  const go = (next: RegistrationStep) => setParams({ step: next });
  const forward = () => {
    const next = REGISTRATION_STEPS[index + 1];
    if (next) go(next);
    else navigate(localizedPath(paths.preview, locale));
  };
  const back = () => go(REGISTRATION_STEPS[Math.max(0, index - 1)]!);
  const props = { view, onSaved: forward, onBack: back };
  return (
    <>
      <nav aria-label={t`Registration steps`}>
        <ol className="registration-steps">
          {REGISTRATION_STEPS.map((name) => (
            <li key={name} className={view.missingSteps.includes(name) ? undefined : 'step-done'}>
              <Link to={`?step=${name}`} aria-current={name === step ? 'step' : undefined}>
                {i18n._(stepLabels[name])}
              </Link>
            </li>
          ))}
          <li>
            <Link to={localizedPath(paths.preview, locale)}>
              <Trans>Preview</Trans>
            </Link>
          </li>
        </ol>
      </nav>
      {step === 'institution' ? <InstitutionStepForm view={view} onSaved={forward} /> : null}
      {step === 'bankAccount' ? <BankAccountStepForm {...props} /> : null}
      {step === 'signatories' ? <SignatoriesStepForm {...props} /> : null}
      {step === 'defaultUser' ? <DefaultUserStepForm {...props} /> : null}
      {step === 'extras' ? <ExtrasStepForm {...props} /> : null}
    </>
  );
}

/**
 * /registration: a church or mosque registers itself. A draft in progress on this device is
 * resumed (the server's token is kept in localStorage); a finished one shows its summary.
 */
export function RegistrationPage() {
  const { t } = useLingui();
  const token = useRegistrationToken();
  const current = useQuery({ ...registrationQueries.current(), enabled: token !== null });
  const unknown = current.isError && isUnknownRegistration(current.error);
  // A token the server no longer knows (abandoned after 30 days) is dropped: start afresh.
  useEffect(() => {
    if (unknown) forgetRegistrationToken();
  }, [unknown]);

  let body;
  if (token === null || unknown) body = <StartRegistrationForm />;
  else if (current.isPending) body = <Spinner label={t`Loading…`} />;
  else if (current.isError) body = <EmptyState title={errorText(current.error, t`You are offline. Connect to the internet and try again.`)} />;
  else if (current.data.status === 'unfinished') body = <Wizard view={current.data} />;
  else body = <RegistrationStatusView view={current.data} />;
  return <PublicFrame title={t`Register a church or mosque`}>{body}</PublicFrame>;
}
