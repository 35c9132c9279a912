/**
 * Custom fields' constants and the value check without zod (ADR 047), so the public registration
 * form checks an answer exactly as the server does without carrying zod (ADR 013).
 * api/structure.ts builds the contract's zod schemas from these and re-exports them.
 */
export const MAX_FIELD_LABEL = 80;
export const MAX_FIELD_ITEMS = 50;
export const MAX_FIELD_ITEM = 80;
/** A value of any type is stored as text; no field may allow more than this. */
export const MAX_FIELD_CHARS = 500;
/** More answers than any level has fields is not an honest request. */
export const MAX_FIELD_ANSWERS = 100;
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export type CustomFieldRule = { dataType: CustomFieldType; minChars: number | null; maxChars: number | null; items: readonly string[] };

/** True when `value` (trimmed, not empty) does not meet its field's rules; the server's word is final, forms show the same. */
export function customFieldValueProblem(field: CustomFieldRule, value: string): boolean {
  if (field.minChars !== null && value.length < field.minChars) return true;
  if (field.maxChars !== null && value.length > field.maxChars) return true;
  switch (field.dataType) {
    case 'number':
      return !/^-?\d+(\.\d+)?$/.test(value);
    case 'date': {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return true;
      const day = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value;
    }
    case 'choice':
      return !field.items.includes(value);
    default:
      return false;
  }
}
