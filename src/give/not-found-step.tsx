import { Trans } from '@lingui/react/macro';
import { StepHeading } from './step-heading';

type NotFoundStepProps = { phone: string; onRegister: () => void; onGuest: () => void; onBack: () => void };

/** An unknown number: register as a member, or give as a guest. */
export function NotFoundStep({ phone, onRegister, onGuest, onBack }: NotFoundStepProps) {
  return (
    <section className="give-card" aria-labelledby="give-notfound-title">
      <StepHeading>
        <span id="give-notfound-title">
          <Trans>This Phone number is Not Found</Trans>
        </span>
      </StepHeading>
      <p className="give-lead">
        <Trans>
          No member is registered with <span className="nowrap">{phone}</span>. Register as a member, or continue as a guest.
        </Trans>
      </p>
      <div className="give-actions">
        <button type="button" className="btn btn-primary" onClick={onGuest}>
          <Trans>Continue as guest</Trans>
        </button>
        <button type="button" className="btn btn-secondary" onClick={onRegister}>
          <Trans>Register</Trans>
        </button>
      </div>
      <div className="give-links">
        <button type="button" className="btn-link" onClick={onBack}>
          <Trans>Change the phone number</Trans>
        </button>
      </div>
    </section>
  );
}
