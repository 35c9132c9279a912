import { messages } from '../../../domain/messages';
import { AppError } from '../../lib/app-error';

/** The 423 for a key that claimAttempts found locked ("ip:…" is the address, anything else the account). */
export function lockedError(lockedKey: string): AppError {
  return lockedKey.startsWith('ip:') ? authErrors.networkLocked() : authErrors.accountLocked();
}

/** Sign-in and credential errors, each with the stable code the client branches on. */
export const authErrors = {
  invalidCredentials: () => new AppError(401, 'invalid_credentials', messages.invalidCredentials),
  otpRequired: () => new AppError(401, 'otp_required', messages.otpRequired),
  otpInvalid: () => new AppError(401, 'otp_invalid', messages.otpInvalid),
  accountLocked: () => new AppError(423, 'account_locked', messages.accountLocked),
  networkLocked: () => new AppError(423, 'network_locked', messages.networkLocked),
  accountDisabled: () => new AppError(403, 'account_disabled', messages.accountDisabled),
  // Signed-in screens must not answer 401 for a wrong code or password: the client treats 401 as "signed out".
  wrongCurrentPassword: () => new AppError(400, 'wrong_password', messages.passwordWrongCurrent),
  samePassword: () => new AppError(400, 'same_password', messages.passwordSameAsOld),
  otpRejected: () => new AppError(400, 'otp_invalid', messages.otpInvalid),
  otpMissing: () => new AppError(400, 'otp_required', messages.otpRequired),
  resetInvalid: () => new AppError(404, 'reset_invalid', messages.resetInvalid),
  codeInvalid: () => new AppError(400, 'code_invalid', messages.codeInvalid),
  codeLocked: () => new AppError(400, 'code_locked', messages.codeLocked),
  twoFactorAlreadyOn: () => new AppError(409, 'two_factor_enabled', messages.twoFactorEnabled),
  twoFactorNotPending: () => new AppError(409, 'two_factor_not_started', messages.twoFactorDisabled),
};
