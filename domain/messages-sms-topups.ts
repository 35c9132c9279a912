import type { Descriptor } from './messages-descriptor';

/** SMS top-ups (ADR 057): by bank staff under maker-checker, and bought by the institution with mobile money. */
export const smsTopUpMessages = {
  boNoAccessSmsTopUp: /*i18n*/ { id: 'backoffice.noAccess.smsTopUp', message: "You don't have access to approve SMS top-up" },
  smsTopUpBankOnly: /*i18n*/ { id: 'sms.topUp.bankOnly', message: 'Only bank staff ask for an SMS top-up for a church or mosque; the church or mosque buys SMS with mobile money' },
  smsTopUpInstitutionInactive: /*i18n*/ { id: 'sms.topUp.institutionInactive', message: 'This church or mosque is not active, so its SMS balance cannot be topped up' },
  smsPurchaseUnionOnly: /*i18n*/ {
    id: 'sms.purchase.unionOnly',
    message: 'SMS are bought with mobile money by union-level users, for the union or a church or mosque below it; bank staff ask for a top-up instead',
  },
  smsPurchasePending: /*i18n*/ {
    id: 'sms.purchase.pending',
    message: 'A purchase of SMS for this church or mosque is waiting for its payment; wait until it ends before buying again',
  },
} satisfies Record<string, Descriptor>;
