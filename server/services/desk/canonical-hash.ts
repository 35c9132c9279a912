import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth and undefined dropped, so equal content always serialises the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/**
 * The request hash stored beside an idempotency key: SHA-256 of the canonical JSON of the
 * VALIDATED entry (defaults applied, strings trimmed), so a replay that differs only in key order
 * or whitespace the schema trims is still the same request.
 */
export function requestHash(validated: unknown): string {
  return createHash('sha256').update(canonicalJson(validated)).digest('hex');
}
