import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import type { GivingInstitution } from '../../domain/api/payments';
import { formatMoney } from '../../domain/money';
import { MoneyInput } from '../components/ui/money-input';
import { readAmounts, type AmountProblem, type OfferingLine } from './give-amounts';
import { giveApi } from './give-api';
import { giveErrorText } from './give-errors';
import { CURRENCY, type ChosenInstitution } from './give-flow';
import { StepHeading } from './step-heading';

type AmountsStepProps = {
  institution: ChosenInstitution;
  typed: Record<number, string>;
  onContinue: (institution: GivingInstitution, lines: OfferingLine[], typed: Record<number, string>) => void;
  onBack: () => void;
};

/** A member's church comes from the phone look-up without its offering types: fetch them. */
function useInstitution(chosen: ChosenInstitution) {
  const { i18n } = useLingui();
  const [loaded, setLoaded] = useState<{ institution: GivingInstitution | null; error: string | null }>({ institution: chosen.full, error: null });
  useEffect(() => {
    if (chosen.full) return;
    const controller = new AbortController();
    giveApi
      .institution(chosen.id, controller.signal)
      .then((institution) => setLoaded({ institution, error: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ institution: null, error: giveErrorText(error, i18n) });
      });
    return () => controller.abort();
  }, [chosen, i18n]);
  return loaded;
}

/** Amounts per offering type of the chosen church or mosque, and their total. */
export function AmountsStep({ institution: chosen, typed: initialTyped, onContinue, onBack }: AmountsStepProps) {
  const { t, i18n } = useLingui();
  const { institution, error: loadError } = useInstitution(chosen);
  const [typed, setTyped] = useState<Record<number, string>>(initialTyped);
  const [submitted, setSubmitted] = useState(false);
  const title = chosen.title;

  const heading = (
    <StepHeading>
      <span id="give-amounts-title">
        <Trans>Give to {title}</Trans>
      </span>
    </StepHeading>
  );
  const back = (
    <div className="give-links">
      <button type="button" className="btn-link" onClick={onBack}>
        <Trans>Back</Trans>
      </button>
    </div>
  );

  if (!institution) {
    return (
      <section className="give-card" aria-labelledby="give-amounts-title">
        {heading}
        {loadError ? (
          <p className="notice notice-error" role="alert">
            {loadError}
          </p>
        ) : (
          <p className="muted" role="status">
            {t`Loading…`}
          </p>
        )}
        {back}
      </section>
    );
  }
  if (institution.offeringTypes.length === 0 || !institution.hasBankAccount) {
    return (
      <section className="give-card" aria-labelledby="give-amounts-title">
        {heading}
        <div className="give-empty" role="status">
          <p className="give-empty-title">
            {institution.offeringTypes.length === 0 ? <Trans>Offerings is not set, contact church/mosque admin</Trans> : <Trans>No bank account found</Trans>}
          </p>
          {institution.offeringTypes.length > 0 ? (
            <p className="muted">
              <Trans>This church or mosque cannot receive online offerings yet. Please contact its administrator.</Trans>
            </p>
          ) : null}
        </div>
        {back}
      </section>
    );
  }

  const { lines, total, problems } = readAmounts(institution.offeringTypes, typed, CURRENCY);
  const problemText = (problem: AmountProblem | undefined) => {
    if (problem === 'notDigits') return t`Amount needs to be digits`;
    if (problem === 'tooPrecise') return t`Use at most 2 decimal places`;
    if (problem === 'tooLarge') return t`This amount is too large`;
    return undefined;
  };
  const nothing = submitted && lines.length === 0 && Object.keys(problems).length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (lines.length > 0 && Object.keys(problems).length === 0) onContinue(institution, lines, typed);
  };

  return (
    <form className="give-card" aria-labelledby="give-amounts-title" onSubmit={submit} noValidate>
      {heading}
      <p className="give-lead">
        <Trans>Enter an amount for one or more offerings.</Trans>
      </p>
      {institution.offeringTypes.map((type) => {
        const problem = submitted || typed[type.id] ? problemText(problems[type.id]) : undefined;
        const id = `give-amount-${type.id}`;
        return (
          <div key={type.id} className={problem ? 'field field-invalid' : 'field'}>
            <label htmlFor={id}>{type.title}</label>
            <MoneyInput
              id={id}
              currency={CURRENCY}
              value={typed[type.id] ?? ''}
              onChange={(event) => {
                // Read now: the updater runs later, when React may already have reset the field.
                const text = event.target.value;
                setTyped((previous) => ({ ...previous, [type.id]: text }));
              }}
              placeholder="0"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
            />
            {problem ? (
              <p className="field-error" id={`${id}-error`}>
                {problem}
              </p>
            ) : null}
          </div>
        );
      })}
      <output className="give-total" aria-live="polite">
        <span>
          <Trans>Total</Trans>
        </span>
        <strong>{formatMoney(total, CURRENCY, i18n.locale)}</strong>
      </output>
      {nothing ? (
        <p className="field-error" role="alert">
          <Trans>Enter an amount for at least one offering</Trans>
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block">
        <Trans>Continue to payment</Trans>
      </button>
      {back}
    </form>
  );
}
