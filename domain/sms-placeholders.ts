/**
 * Placeholders a campaign message may carry (issue 14): replaced per recipient when the campaign
 * is created, the same way on the server and in the composer's preview. Unknown braces stay as
 * typed, so a text that happens to contain "{" is sent unchanged.
 */
export const SMS_PLACEHOLDERS = ['name', 'amount', 'dueDate', 'church'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];
export type PlaceholderValues = Record<SmsPlaceholder, string>;

const PATTERN = /\{(name|amount|dueDate|church)\}/g;

export function renderPlaceholders(template: string, values: PlaceholderValues): string {
  return template.replace(PATTERN, (_, key: SmsPlaceholder) => values[key]);
}

export function usesPlaceholders(template: string): boolean {
  return new RegExp(PATTERN.source).test(template);
}
