import { get, set, type Field, type FieldError, type FieldErrors, type FieldValues, type Resolver, type ResolverOptions } from 'react-hook-form';

/** A refused field: its path as react-hook-form names it ("lines.0.amount"), the message a domain id. */
export type FormIssue = { path: string; message: string };

/** "lines[0].amount" → "lines.0.amount": field names in the dotted form react-hook-form registers. */
const dotted = (path: string) => path.replace(/\[(\d+)]/g, '.$1').replace(/[[\]]/g, '');

/**
 * react-hook-form's error tree from errors keyed by path: "lines.0.amount" lands at
 * errors.lines[0].amount, with its field's element (so the form can focus it). An error on a field
 * array itself ("signatories" while "signatories.0.name" is a field) goes to the array's `root`,
 * where useFieldArray looks for it. This is what the resolvers package's toNestErrors does, without
 * the package; native browser validation (`shouldUseNativeValidation`) is not used by our forms.
 */
export function nestErrors<T extends FieldValues>(flat: Record<string, FieldError>, options: ResolverOptions<T>): FieldErrors<T> {
  const names = (options.names ?? Object.keys(flat)).map(dotted);
  const nested: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const field = get(options.fields, path) as Field['_f'] | undefined;
    const located: FieldError = { ...error, ref: field?.refs ? field.refs[0] : field?.ref };
    const below = `${dotted(path)}.`;
    const isFieldArray = names.some((name) => name.startsWith(below) && /^\d/.test(name.slice(below.length)));
    if (isFieldArray) set(nested, path, { ...(get(nested, path) as object | undefined), root: located });
    else set(nested, path, located);
  }
  return nested as FieldErrors<T>;
}

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
      return { values: {}, errors: nestErrors<T>(flat, options) };
    };
    const issues = check(values);
    return Array.isArray(issues) ? settle(issues) : issues.then(settle);
  };
}
