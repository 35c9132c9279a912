import { z } from 'zod';

/**
 * C0 control characters except tab, line feed and carriage return, plus DEL. PostgreSQL refuses
 * NUL in text outright (a 500 once, and an outbox entry retried forever); the others are never
 * typed by a person and only hide things in logs, exports and SMS.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The path of the first string (value or object key) inside `value` that holds a control character, or null. */
export function controlCharacterPath(value: unknown, path: Array<string | number> = [], depth = 0): Array<string | number> | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = controlCharacterPath(value[index], [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, key];
    const found = controlCharacterPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The one shared check: any input that passed its own schema is also refused when a text in it
 * carries a control character, with an issue naming the field (`validation.controlCharacters`).
 * The server applies it to every route's body, query and parameters, and to each synced entry.
 */
export const ControlCharacterFree = z.unknown().superRefine((value, ctx) => {
  const path = controlCharacterPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: 'validation.controlCharacters' });
});
