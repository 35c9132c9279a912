import { Trans, useLingui } from '@lingui/react/macro';
import type { CardProblems } from './card-check';
import { groupCardDigits } from './card-check';

type CardFieldsProps = {
  number: string;
  expiry: string;
  onNumber: (value: string) => void;
  onExpiry: (value: string) => void;
  problems: CardProblems;
};

/**
 * Card number and expiry, checked here so a mistyped card is caught before the giver leaves for
 * the gateway's card page. The number never leaves this page: the gateway's page takes the card
 * (and its security code) itself, so Sadaka's servers never see card numbers.
 */
export function CardFields({ number, expiry, onNumber, onExpiry, problems }: CardFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <div className={problems.number ? 'field field-invalid' : 'field'}>
        <label htmlFor="give-card-number">
          <Trans>Card number</Trans>
        </label>
        <input
          id="give-card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(event) => onNumber(groupCardDigits(event.target.value))}
          aria-invalid={problems.number ? true : undefined}
          aria-describedby={problems.number ? 'give-card-number-error' : undefined}
        />
        {problems.number ? (
          <p className="field-error" id="give-card-number-error" role="alert">
            {t`Invalid card number`}
          </p>
        ) : null}
      </div>
      <div className={problems.expiry ? 'field field-invalid' : 'field'}>
        <label htmlFor="give-card-expiry">
          <Trans>Expiry date (MM/YY)</Trans>
        </label>
        <input
          id="give-card-expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t`MM/YY`}
          value={expiry}
          onChange={(event) => onExpiry(event.target.value)}
          aria-invalid={problems.expiry ? true : undefined}
          aria-describedby={problems.expiry ? 'give-card-expiry-error' : undefined}
        />
        {problems.expiry ? (
          <p className="field-error" id="give-card-expiry-error" role="alert">
            {t`Invalid card expiration time`}
          </p>
        ) : null}
      </div>
    </>
  );
}
