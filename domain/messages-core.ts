/**
 * The product-wide messages (sign-in, errors, validation, passwords). A module of their own so the
 * app shell can import them without the merged catalogue in `messages.ts`, which brings every
 * area's texts into the first load.
 */
import type { Descriptor } from './messages-descriptor';

export const coreMessages = {
  invalidCredentials: /*i18n*/ { id: 'error.invalidCredentials', message: 'Wrong username or password' },
  otpRequired: /*i18n*/ { id: 'error.otpRequired', message: 'Enter the 6-digit code from your authenticator app' },
  otpInvalid: /*i18n*/ { id: 'error.otpInvalid', message: 'Verify otp failed' },
  accountLocked: /*i18n*/ {
    id: 'error.accountLocked',
    message: 'This account is temporarily locked after too many failed sign-ins. Try again later.',
  },
  networkLocked: /*i18n*/ {
    id: 'error.networkLocked',
    message: 'Network locked: temporarily locked for multiple suspicious activity or multiple login attempts, try again later.',
  },
  accountDisabled: /*i18n*/ { id: 'error.accountDisabled', message: 'This account is disabled. Contact your bank.' },
  sessionExpired: /*i18n*/ { id: 'error.sessionExpired', message: 'Your session has ended. Please sign in again.' },
  unauthenticated: /*i18n*/ { id: 'error.unauthenticated', message: 'Please sign in to continue.' },
  noPermission: /*i18n*/ { id: 'error.noPermission', message: 'You have no permission to perform this task' },
  mustChangePassword: /*i18n*/ { id: 'error.mustChangePassword', message: 'Change your password before continuing.' },
  notFound: /*i18n*/ { id: 'error.notFound', message: 'This page could not be found' },
  recordNotFound: /*i18n*/ { id: 'error.recordNotFound', message: 'The record was not found' },
  somethingWrong: /*i18n*/ { id: 'error.somethingWrong', message: 'Something went wrong!' },
  databaseUnavailable: /*i18n*/ { id: 'error.databaseUnavailable', message: 'The service is briefly unavailable. Try again in a moment.' },
  badRequest: /*i18n*/ { id: 'error.badRequest', message: 'The request is not valid.' },
  jsonOnly: /*i18n*/ { id: 'error.jsonOnly', message: 'Only JSON requests are accepted.' },
  tooManyRequests: /*i18n*/ { id: 'error.tooManyRequests', message: 'Too many requests. Wait a moment and try again.' },
  fieldRequired: /*i18n*/ { id: 'validation.required', message: '{field} can not be empty' },
  fieldDigits: /*i18n*/ { id: 'validation.digits', message: '{field} needs to be digits' },
  fieldTooLong: /*i18n*/ { id: 'validation.tooLong', message: '{field} must be at most {max} characters' },
  fieldTooShort: /*i18n*/ { id: 'validation.tooShort', message: '{field} must be at least {min} characters' },
  fieldInvalid: /*i18n*/ { id: 'validation.invalid', message: '{field} is not valid' },
  fieldControlCharacters: /*i18n*/ { id: 'validation.controlCharacters', message: '{field} contains characters that are not allowed' },
  emptyPatch: /*i18n*/ { id: 'validation.emptyPatch', message: 'Nothing to change: send at least one field' },
  selectCountry: /*i18n*/ { id: 'validation.selectCountry', message: 'Please select country' },
  invalidPhone: /*i18n*/ { id: 'validation.invalidPhone', message: 'Enter a valid phone number' },
  invalidEmail: /*i18n*/ { id: 'validation.invalidEmail', message: 'Enter a valid email address' },
  searchTooShort: /*i18n*/ { id: 'validation.searchTooShort', message: 'Type at least 3 characters to search' },
  passwordPolicy: /*i18n*/ {
    id: 'password.policy',
    message:
      'Password must be at least 8 characters with an upper-case letter, a lower-case letter, a number and a special character',
  },
  passwordLength: /*i18n*/ { id: 'password.length', message: 'At least 8 characters' },
  passwordsDiffer: /*i18n*/ { id: 'password.confirmDiffers', message: 'The two new passwords are not the same' },
  passwordUpper: /*i18n*/ { id: 'password.upper', message: 'At least one upper-case letter' },
  passwordLower: /*i18n*/ { id: 'password.lower', message: 'At least one lower-case letter' },
  passwordDigit: /*i18n*/ { id: 'password.digit', message: 'At least one number' },
  passwordSpecial: /*i18n*/ { id: 'password.special', message: 'At least one special character' },
  passwordWrongCurrent: /*i18n*/ { id: 'password.wrongCurrent', message: 'The current password is wrong' },
  passwordSameAsOld: /*i18n*/ { id: 'password.sameAsOld', message: 'The new password must differ from the current one' },
  passwordChanged: /*i18n*/ { id: 'password.changed', message: 'Your password has been changed' },
  resetSent: /*i18n*/ {
    id: 'reset.sent',
    message: 'If the account exists, we have sent instructions to its registered phone or email.',
  },
  resetInvalid: /*i18n*/ { id: 'reset.invalid', message: 'This reset link or code is invalid or has expired' },
  codeInvalid: /*i18n*/ { id: 'code.invalid', message: 'The code is wrong or has expired' },
  codeLocked: /*i18n*/ { id: 'code.locked', message: 'Too many wrong codes. Request a new one.' },
  twoFactorEnabled: /*i18n*/ { id: 'twoFactor.enabled', message: 'Two-factor authentication is on' },
  twoFactorDisabled: /*i18n*/ { id: 'twoFactor.disabled', message: 'Two-factor authentication is off' },
  loggedOut: /*i18n*/ { id: 'auth.loggedOut', message: 'You have signed out' },
  religionNotAllowed: /*i18n*/ { id: 'religion.notAllowed', message: 'Only bank administrators can choose the religion' },
  smsResetCode: /*i18n*/ {
    id: 'sms.resetCode',
    message: 'Sadaka: your password reset code is {code}. It expires in 10 minutes. Do not share it.',
  },
  mailResetSubject: /*i18n*/ { id: 'mail.resetSubject', message: 'Reset your Sadaka password' },
  mailResetBody: /*i18n*/ {
    id: 'mail.resetBody',
    message: 'Hello {name},\n\nOpen this link to set a new password (valid for 30 minutes):\n{link}\n\nIf you did not ask for this, ignore this message.',
  },
} satisfies Record<string, Descriptor>;
