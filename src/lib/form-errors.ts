import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';
import { errorText } from './error-message';

/**
 * Server field errors (already localised) beside their fields; anything else above the form.
 * The one copy for every online form: reference pages, zones, offerings.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly string[], offlineText: string): void {
  if (error instanceof ApiError && error.fields.length > 0) {
    const rest: string[] = [];
    for (const field of error.fields) {
      if (fields.includes(field.path)) form.setError(field.path as Path<T>, { type: 'server', message: field.message });
      else rest.push(field.message);
    }
    if (rest.length === 0) return;
    form.setError('root', { type: 'server', message: rest.join(' ') });
    return;
  }
  form.setError('root', { type: 'server', message: errorText(error, offlineText) });
}
