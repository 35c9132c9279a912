import { useLingui } from '@lingui/react/macro';
import { forwardRef, type TextareaHTMLAttributes } from 'react';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'> & { id: string; length: number; max: number };

/**
 * A textarea with a live "n / max" counter read out politely to screen readers. The limit is
 * not enforced with maxLength (that silently cuts pasted text); the form's schema refuses it.
 */
export const TextAreaWithCounter = forwardRef<HTMLTextAreaElement, Props>(function TextAreaWithCounter({ id, length, max, ...rest }, ref) {
  const { t } = useLingui();
  const over = length > max;
  return (
    <>
      <textarea ref={ref} id={id} aria-describedby={`${id}-counter`} {...rest} />
      <span id={`${id}-counter`} className={over ? 'field-error' : 'field-hint'} aria-live="polite">
        {t`${length} of ${max} characters`}
      </span>
    </>
  );
});
