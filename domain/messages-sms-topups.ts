import type { Descriptor } from './messages-descriptor';

/** SMS top-ups (ADR 057): by bank staff under maker-checker, and bought by the institution with mobile money. */
export const smsTopUpMessages = {
  boNoAccessSmsTopUp: /*i18n*/ { id: 'backoffice.noAccess.smsTopUp', message: "You don't have access to approve SMS top-up" },
  smsTopUpBankOnly: /*i18n*/ { id: 'sms.topUp.bankOnly', message: 'Only bank staff ask for an SMS top-up for a church or mosque; the church or mosque buys SMS with mobile money' },
  smsTopUpInstitutionInactive: /*i18n*/ { id: 'sms.topUp.institutionInactive', message: 'This church or mosque is not active, so its SMS balance cannot be topped up' },
} satisfies Record<string, Descriptor>;
