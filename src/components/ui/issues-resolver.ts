import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

/** A refused field: its path as react-hook-form names it ("lines.0.amount"), the message a domain id. */
export type FormIssue = { path: string; message: string };

/**
 * A react-hook-form resolver from a plain check, without a schema library (zod would add ~41 KiB
 * to the page: docs/decisions/013-desk-bundle.md). The check returns the issues of the values as
 * typed — synchronously when it can, a promise when it must load something first (the phone
 * rules). As with zodResolver, the first issue of a field is the one shown, and valid values pass
 * through unchanged.
 */
export function issuesResolver<T extends FieldValues>(check: (values: T) => FormIssue[] | Promise<FormIssue[]>): Resolver<T> {
  return (values, _context, options) => {
    const settle = (issues: FormIssue[]) => {
      if (issues.length === 0) return { values, errors: {} };
      const flat: Record<string, FieldError> = Object.create(null) as Record<string, FieldError>;
      for (const issue of issues) flat[issue.path] ??= { type: 'validate', message: issue.message };
      return { values: {}, errors: toNestErrors<T>(flat, options) };
    };
    const issues = check(values);
    return Array.isArray(issues) ? settle(issues) : issues.then(settle);
  };
}
