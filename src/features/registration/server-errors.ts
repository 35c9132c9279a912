import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';

/**
 * Puts the server's answer where a person looks: field errors (already in their language) beside
 * their fields, anything else at the top of the form.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly string[], offlineText: string): void {
  const unplaced: string[] = [];
  if (error instanceof ApiError && error.fields.length > 0) {
    for (const field of error.fields) {
      const path = field.path.replace(/^body\./, '');
      if (fields.some((name) => path === name || path.startsWith(`${name}.`))) form.setError(path as Path<T>, { type: 'server', message: field.message });
      else unplaced.push(field.message);
    }
    if (unplaced.length === 0) return;
  }
  form.setError('root', { type: 'server', message: unplaced.length > 0 ? unplaced.join(' ') : errorText(error, offlineText) });
}
