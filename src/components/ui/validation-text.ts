import { i18n, type MessageDescriptor } from '@lingui/core';
import { MAX_TEXT_CHARS } from '../../../domain/limits';
import { messages } from '../../../domain/messages';

const byId = new Map<string, { id: string; message: string }>(Object.values(messages).map((descriptor) => [descriptor.id, descriptor]));

/**
 * Words for a form error whose message is a domain message id ('validation.required', …): the
 * spec's "<field> can not be empty" needs the field's name filled in. Anything unknown reads as
 * "<field> is not valid".
 */
export function validationText(error: { message?: unknown } | undefined, label: string): string | undefined {
  if (!error) return undefined;
  const id = typeof error.message === 'string' ? error.message : '';
  const descriptor = byId.get(id) ?? messages.fieldInvalid;
  // Built first and passed as a variable: `lingui extract` reads an object literal given to i18n._
  // as a new message and fails on the spread.
  const withValues: MessageDescriptor = { ...descriptor, values: { field: label, max: MAX_TEXT_CHARS } };
  return i18n._(withValues);
}
