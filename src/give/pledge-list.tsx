import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { GivingPledge } from '../../domain/api/giving-pledges';
import { formatMoney } from '../../domain/money';
import { MoneyInput } from '../components/ui/money-input';
import { minorToInput, parseMoney } from '../components/ui/money-text';
import type { OfferingLine } from './give-amounts';

type PledgeListProps = { pledges: GivingPledge[]; onPay: (pledge: GivingPledge, line: OfferingLine) => void };

/** A due day (YYYY-MM-DD, the church's calendar) in the reader's words; read as UTC so no zone moves it. */
function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The open pledges, each with what is left; one is chosen, its amount (the remainder unless changed) goes to payment. */
export function PledgeList({ pledges, onPay }: PledgeListProps) {
  const { t, i18n } = useLingui();
  const [chosen, setChosen] = useState<GivingPledge | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.locale);

  if (pledges.length === 0) {
    return (
      <p className="give-lead" role="status">
        <Trans>You have no open pledges here.</Trans>
      </p>
    );
  }

  const choose = (pledge: GivingPledge) => {
    setChosen(pledge);
    setTyped(minorToInput(pledge.remaining, pledge.currency));
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const parsed = parseMoney(typed, chosen.currency);
    const remaining = money(chosen.remaining, chosen.currency);
    if (!parsed.ok || parsed.minor <= 0) return setProblem(t`Enter the amount to pay`);
    if (parsed.minor > chosen.remaining) return setProblem(t`At most ${remaining}, what is left of this pledge`);
    onPay(chosen, { offeringTypeId: chosen.offeringType.id, title: chosen.offeringType.title, amount: parsed.minor });
  };

  const chosenTitle = chosen?.offeringType.title ?? '';

  return (
    <>
      <ul className="give-pledges" aria-label={t`Open pledges`}>
        {pledges.map((pledge) => {
          const title = pledge.offeringType.title;
          return (
            <li key={pledge.id} className={chosen?.id === pledge.id ? 'give-pledge active' : 'give-pledge'}>
              <p className="give-result-title">{title}</p>
              <dl className="give-summary">
                <div>
                  <dt>
                    <Trans>Pledged</Trans>
                  </dt>
                  <dd>{money(pledge.total, pledge.currency)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Paid</Trans>
                  </dt>
                  <dd>{money(pledge.paid, pledge.currency)}</dd>
                </div>
                <div className="give-summary-total">
                  <dt>
                    <Trans>Remaining</Trans>
                  </dt>
                  <dd>{money(pledge.remaining, pledge.currency)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Due date</Trans>
                  </dt>
                  <dd>
                    {formatDay(pledge.dueDate, i18n.locale)}
                    {pledge.overdue ? (
                      <>
                        {' '}
                        <strong className="give-overdue">
                          <Trans>Overdue</Trans>
                        </strong>
                      </>
                    ) : null}
                  </dd>
                </div>
              </dl>
              <button type="button" className="btn btn-secondary btn-block" onClick={() => choose(pledge)} aria-pressed={chosen?.id === pledge.id}>
                <Trans>Pay this pledge: {title}</Trans>
              </button>
            </li>
          );
        })}
      </ul>
      {chosen ? (
        <form className="give-pledge-pay" aria-label={t`Pay a pledge`} onSubmit={submit} noValidate>
          <div className={problem ? 'field field-invalid' : 'field'}>
            <label htmlFor="give-pledge-amount">
              <Trans>Amount to pay toward {chosenTitle}</Trans>
            </label>
            <MoneyInput
              id="give-pledge-amount"
              currency={chosen.currency}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'give-pledge-amount-error' : undefined}
            />
            {problem ? (
              <p className="field-error" id="give-pledge-amount-error" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary btn-block">
            <Trans>Continue to payment</Trans>
          </button>
        </form>
      ) : null}
    </>
  );
}
