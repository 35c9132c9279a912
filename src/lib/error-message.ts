import { i18n } from '@lingui/core';
// The core messages only: the merged catalogue would bring every area's texts into the shell.
import { coreMessages as messages } from '../../domain/messages-core';
import { ApiError, NetworkError } from './api-client';

// Codes whose wording the client knows; the rest use the server's (already localised) message.
const KNOWN_CODES: Record<string, { id: string; message: string }> = {
  invalid_credentials: messages.invalidCredentials,
  otp_required: messages.otpRequired,
  otp_invalid: messages.otpInvalid,
  account_locked: messages.accountLocked,
  network_locked: messages.networkLocked,
  account_disabled: messages.accountDisabled,
  forbidden: messages.noPermission,
  too_many_requests: messages.tooManyRequests,
};

/** Words for a failed call, in the active language. */
export function errorText(error: unknown, offlineText: string): string {
  if (error instanceof NetworkError) return offlineText;
  if (error instanceof ApiError) {
    if (error.status >= 500) return i18n._(messages.somethingWrong);
    const known = KNOWN_CODES[error.code];
    if (known) return i18n._(known);
    if (error.message) return error.message;
  }
  return i18n._(messages.somethingWrong);
}
