import type { z } from 'zod';
import { fieldLabels, messages } from '../../domain/messages';

type Descriptor = { id: string; message: string };
export type Translate = (d: Descriptor, v?: Record<string, unknown>) => string;

/** A validation issue in the shape fastify-type-provider-zod hands to the error handler. */
export type ValidationIssue = {
  keyword: string;
  instancePath: string;
  message: string;
  params: { origin?: string; minimum?: unknown; maximum?: unknown; expected?: string };
};

const byId = new Map<string, Descriptor>(Object.values(messages).map((d) => [d.id, d]));

/** The same shape from a zod issue, for code that validates with safeParse (per-entry sync answers). */
export function fromZodIssue(issue: z.core.$ZodIssue): ValidationIssue {
  const { code, path, message, ...params } = issue;
  return { keyword: code, instancePath: `/${path.map(String).join('/')}`, message, params: params as ValidationIssue['params'] };
}

function valueAt(input: unknown, path: string[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Names the field and says what is wrong with it, in the spec's words where it has them
 * ("<field> can not be empty", "<field> needs to be digits"). Used by the error handler for
 * request validation and by the sync services for each entry of a batch.
 */
export function describeIssue(issue: ValidationIssue, input: unknown, t: Translate): { path: string; message: string } {
  const segments = issue.instancePath.split('/').filter(Boolean);
  const path = segments.join('.');
  const leaf = segments.filter((segment) => !/^\d+$/.test(segment)).pop() ?? '';
  const label = fieldLabels[leaf as keyof typeof fieldLabels];
  const field = label ? t(label) : leaf || t(fieldLabels.value);
  const { origin, expected, minimum, maximum } = issue.params;
  const known = byId.get(issue.message);
  if (known) return { path, message: t(known, { field, min: minimum, max: maximum }) };
  const value = valueAt(input, segments);
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (empty) return { path, message: t(messages.fieldRequired, { field }) };
  if (issue.keyword === 'invalid_type' && (expected === 'number' || expected === 'int')) return { path, message: t(messages.fieldDigits, { field }) };
  if (issue.keyword === 'too_big' && origin === 'string') return { path, message: t(messages.fieldTooLong, { field, max: maximum }) };
  if (issue.keyword === 'too_small' && origin === 'string') return { path, message: t(messages.fieldTooShort, { field, min: minimum }) };
  return { path, message: t(messages.fieldInvalid, { field }) };
}
