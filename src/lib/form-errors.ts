import { i18n, type MessageDescriptor } from '@lingui/core';
import { messages } from '../../domain/messages';

const byId = new Map<string, { id: string; message: string }>(Object.values(messages).map((descriptor) => [descriptor.id, descriptor]));

/**
 * Turns a form error into words: domain message ids (from the shared schemas) are translated, server
 * field errors arrive already localised, and zod's own English is replaced by the catalogue's wording.
 */
export function fieldErrorText(error: { type?: unknown; message?: unknown } | undefined, label: string): string | undefined {
  if (!error) return undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  if (error.type === 'server' && message) return message;
  const known = byId.get(message);
  if (known) return i18n._(known);
  const descriptor: MessageDescriptor = { ...(error.type === 'too_small' ? messages.fieldRequired : messages.fieldInvalid), values: { field: label } };
  return i18n._(descriptor);
}
