import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { GivingPledge } from '../../domain/api/giving-pledges';
import type { GivingInstitution, KnownGiver } from '../../domain/api/payments';
import type { OfferingLine } from './give-amounts';
import { giveApi } from './give-api';
import { giveErrorText } from './give-errors';
import type { Giver } from './give-flow';
import { PledgeList } from './pledge-list';
import { StepHeading } from './step-heading';
import { BusyButton } from '../components/ui/busy-button';

type PledgesStepProps = {
  giver: Giver;
  member: KnownGiver;
  onPay: (institution: GivingInstitution, pledge: GivingPledge, line: OfferingLine) => void;
  onBack: () => void;
};

type Phase = { kind: 'ask' } | { kind: 'code'; sent: string } | { kind: 'list'; pledges: GivingPledge[]; institution: GivingInstitution };

/**
 * A member's open pledges at their church, shown only after the code sent by SMS to this phone is
 * typed back (ADR 056): typing a number proves nothing, receiving its SMS does.
 */
export default function PledgesStep({ giver, member, onPay, onBack }: PledgesStepProps) {
  const { t, i18n } = useLingui();
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const church = member.institution.title;
  const phone = giver.national;
  const institutionId = member.institution.id;

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(giveErrorText(failure, i18n));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    run(async () => {
      const sent = await giveApi.pledgeCode(giver.phone, institutionId);
      setCode('');
      setPhase({ kind: 'code', sent: sent.message });
    });

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t`Enter the 6-digit code from the SMS`);
      return;
    }
    void run(async () => {
      const [list, institution] = await Promise.all([giveApi.pledges(giver.phone, institutionId, code.trim()), giveApi.institution(institutionId)]);
      setPhase({ kind: 'list', pledges: list.pledges, institution });
    });
  };

  const submit = (event: FormEvent) => {
    if (phase.kind === 'code') return verify(event);
    event.preventDefault();
    void sendCode();
  };

  const alert = error ? (
    <p className="notice notice-error" role="alert" id="give-pledge-error">
      {error}
    </p>
  ) : null;
  const back = (
    <div className="give-links">
      <BusyButton type="button" className="btn-link" onClick={onBack} busy={busy}>
        <Trans>Back</Trans>
      </BusyButton>
    </div>
  );

  if (phase.kind === 'list') {
    return (
      <section className="give-card" aria-labelledby="give-pledges-title">
        <StepHeading>
          <span id="give-pledges-title">
            <Trans>Your pledges at {church}</Trans>
          </span>
        </StepHeading>
        <PledgeList pledges={phase.pledges} onPay={(pledge, line) => onPay(phase.institution, pledge, line)} />
        {back}
      </section>
    );
  }

  return (
    <form className="give-card" aria-labelledby="give-pledges-title" onSubmit={submit} noValidate>
      <StepHeading>
        <span id="give-pledges-title">
          <Trans>Your pledges at {church}</Trans>
        </span>
      </StepHeading>
      {phase.kind === 'ask' ? (
        <>
          <p className="give-lead">
            <Trans>
              To keep your pledges private, we send a code by SMS to <span className="nowrap">{phone}</span>. Enter it on the next screen.
            </Trans>
          </p>
          {alert}
          <BusyButton type="submit" className="btn btn-primary btn-block" busy={busy} aria-busy={busy}>
            {busy ? <Trans>Sending…</Trans> : <Trans>Send the code</Trans>}
          </BusyButton>
        </>
      ) : (
        <>
          <p className="give-lead" role="status">
            {phase.sent}
          </p>
          <div className={error ? 'field field-invalid' : 'field'}>
            <label htmlFor="give-pledge-code">
              <Trans>Code from the SMS</Trans>
            </label>
            <input
              id="give-pledge-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'give-pledge-error' : undefined}
            />
          </div>
          {alert}
          <BusyButton type="submit" className="btn btn-primary btn-block" busy={busy} aria-busy={busy}>
            <Trans>Show my pledges</Trans>
          </BusyButton>
          <BusyButton type="button" className="btn btn-secondary btn-block" onClick={() => void sendCode()} busy={busy}>
            <Trans>Send a new code</Trans>
          </BusyButton>
        </>
      )}
      {back}
    </form>
  );
}
