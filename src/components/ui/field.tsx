import type { ReactNode } from 'react';

type FieldProps = { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode };

/** Label, control and error wired together so screen readers read the error with the field. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <div className="field-hint" id={`${id}-hint`}>{hint}</div> : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
