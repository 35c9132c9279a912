import { i18n } from '@lingui/core';
import { MAX_TEXT_CHARS } from '../../../domain/limits';
import { messages } from '../../../domain/messages';

const byId = new Map<string, { id: string; message: string }>(Object.values(messages).map((descriptor) => [descriptor.id, descriptor]));

/**
 * Words for one form field's error: the server's own (already localised) words as they come; a
 * domain message id ('validation.digits', 'validation.invalidPhone', …) with the field's name
 * filled in; zod's "too small" as "<field> can not be empty"; anything else "<field> is not valid".
 */
export function fieldErrorWords(error: { type?: unknown; message?: unknown } | undefined, label: string): string | undefined {
  if (!error) return undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  if (error.type === 'server' && message) return message;
  const descriptor = byId.get(message) ?? (error.type === 'too_small' ? messages.fieldRequired : messages.fieldInvalid);
  return i18n._(descriptor.id, { field: label, max: MAX_TEXT_CHARS }, { message: descriptor.message });
}
