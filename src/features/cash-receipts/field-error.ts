import { useCallback, useSyncExternalStore } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { validationText } from '../../components/ui/validation-text';

/**
 * One field's error, in words. Each field listens to its own error message only (react-hook-form's
 * `subscribe`), and re-renders when that message changes — not when the form announces "no errors"
 * on every submit, which would re-render every field in the middle of a save (a save must confirm
 * within 50 ms on a slow phone: performance.md).
 */
export function useFieldError<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>, label: string): string | undefined {
  const subscribe = useCallback((changed: () => void) => form.subscribe({ name, formState: { errors: true }, exact: true, callback: changed }), [form, name]);
  const message = useSyncExternalStore(subscribe, () => {
    const error = form.getFieldState(name).error;
    return error ? (typeof error.message === 'string' ? error.message : '') : undefined;
  });
  return message === undefined ? undefined : validationText({ message }, label);
}
