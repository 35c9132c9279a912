import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { KnownGiver } from '../../domain/api/payments';
import { StepHeading } from './step-heading';

type KnownGiverStepProps = {
  members: KnownGiver[];
  onContinue: (member: KnownGiver) => void;
  onPledges: (member: KnownGiver) => void;
  onOtherChurch: () => void;
  onBack: () => void;
};

/**
 * A known member, greeted by a partly masked name (enough to recognise oneself, not to learn who
 * owns a number) with their church. One number may belong to members of two congregations.
 */
export function KnownGiverStep({ members, onContinue, onPledges, onOtherChurch, onBack }: KnownGiverStepProps) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState(0);
  const member = members[chosen] ?? members[0];
  if (!member) return null;
  const name = member.maskedName;
  const church = member.institution.title;
  return (
    <section className="give-card" aria-labelledby="give-known-title">
      <StepHeading>
        <span id="give-known-title">
          <Trans>Welcome, {name}</Trans>
        </span>
      </StepHeading>
      {members.length === 1 ? (
        <p className="give-lead">
          <Trans>
            You are giving to <strong>{church}</strong>.
          </Trans>
        </p>
      ) : (
        <fieldset className="give-choices">
          <legend>
            <Trans>Which congregation are you giving to?</Trans>
          </legend>
          {members.map((candidate, index) => (
            <label key={candidate.memberId} className="give-choice">
              <input type="radio" name="give-member" checked={index === chosen} onChange={() => setChosen(index)} />
              <span>
                {candidate.institution.title} <span className="muted">({candidate.institution.code})</span> — {candidate.maskedName}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={() => onContinue(member)}>
        <Trans>Continue</Trans>
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={() => onPledges(member)}>
        <Trans>See and pay my pledges</Trans>
      </button>
      <div className="give-links">
        <button type="button" className="btn-link" onClick={onOtherChurch}>
          <Trans>Give to another church or mosque</Trans>
        </button>
        <button type="button" className="btn-link" onClick={onBack} aria-label={t`Back: change the phone number`}>
          <Trans>Change the phone number</Trans>
        </button>
      </div>
    </section>
  );
}
