import { forwardRef, type InputHTMLAttributes } from 'react';

type MoneyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> & { currency: string };

/**
 * A text field for amounts in major units (parsed with parseMoney on submit). Not type="number":
 * that one drops grouping commas, scrolls with the mouse wheel and turns "1e3" into money.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput({ currency, className, ...rest }, ref) {
  return (
    <span className="money-input">
      <input ref={ref} type="text" inputMode="decimal" autoComplete="off" className={className} {...rest} />
      <span className="money-currency" aria-hidden="true">
        {currency}
      </span>
    </span>
  );
});
