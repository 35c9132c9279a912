import type { Descriptor } from './messages-descriptor';

/** Online giving and the payments engine (issue 4). Keys are prefixed by area so the merged `messages` never collides. */
export const paymentMessages = {
  paymentsIdempotencyKeyRequired: /*i18n*/ {
    id: 'payments.idempotencyKeyRequired',
    message: 'Send an Idempotency-Key header (a new random id for each payment)',
  },
  paymentsIdempotencyKeyReused: /*i18n*/ {
    id: 'payments.idempotencyKeyReused',
    message: 'This Idempotency-Key was already used for a different payment',
  },
  paymentsIdempotencyInFlight: /*i18n*/ {
    id: 'payments.idempotencyInFlight',
    message: 'This payment is still being processed. Try again in a moment.',
  },
  paymentsDuplicateOfferingType: /*i18n*/ { id: 'payments.duplicateOfferingType', message: 'Each offering type may appear only once' },
  paymentsCustomRange: /*i18n*/ { id: 'payments.customRange', message: 'Choose a start date that is not after the end date' },
  paymentsInstitutionNotFound: /*i18n*/ { id: 'payments.institutionNotFound', message: 'The church or mosque was not found' },
  paymentsInstitutionInactive: /*i18n*/ {
    id: 'payments.institutionInactive',
    message: 'This church or mosque is not receiving offerings at the moment',
  },
  paymentsOfferingsNotSet: /*i18n*/ { id: 'payments.offeringsNotSet', message: 'Offerings is not set, contact church/mosque admin' },
  paymentsOfferingTypeInvalid: /*i18n*/ {
    id: 'payments.offeringTypeInvalid',
    message: 'This offering type does not belong to the church or mosque',
  },
  paymentsOperatorUnknown: /*i18n*/ {
    id: 'payments.operatorUnknown',
    message: 'Mobile money works with Tanzanian numbers of Vodacom, Yas (Tigo), Airtel, Halotel and TTCL',
  },
  paymentsMobileCurrency: /*i18n*/ { id: 'payments.mobileCurrency', message: 'Mobile money payments are in TZS only' },
  paymentsCurrencyUnsupported: /*i18n*/ { id: 'payments.currencyUnsupported', message: 'Payments in {currency} are not accepted' },
  paymentsNoBankAccount: /*i18n*/ { id: 'payments.noBankAccount', message: 'No bank account found' },
  paymentsMemberMismatch: /*i18n*/ { id: 'payments.memberMismatch', message: 'This member is not registered with this phone number at this church or mosque' },
  paymentsPhoneNotFound: /*i18n*/ { id: 'payments.phoneNotFound', message: 'This Phone number is Not Found' },
  // Online member registration from the giving page.
  paymentsMemberPhoneRegistered: /*i18n*/ {
    id: 'payments.memberPhoneRegistered',
    message: 'This phone number is already registered as a member of {institution}. Go back and enter it to give as that member.',
  },
  paymentsRegistrationClosed: /*i18n*/ {
    id: 'payments.registrationClosed',
    message: 'This church or mosque is not accepting member registrations at the moment',
  },
  paymentsNotCancelable: /*i18n*/ { id: 'payments.notCancelable', message: 'Only a pending payment can be cancelled' },
  paymentsNotBankTransfer: /*i18n*/ { id: 'payments.notBankTransfer', message: 'Only a pending bank transfer can be confirmed' },
  paymentsTransferAmount: /*i18n*/ {
    id: 'payments.transferAmount',
    message: 'The amount received differs from the amount expected; return the transfer or ask the giver to send the exact amount',
  },
  paymentsNoFailedCredit: /*i18n*/ { id: 'payments.noFailedCredit', message: 'This payment has no failed credit to retry' },
  paymentsInvalidCardNumber: /*i18n*/ { id: 'payments.invalidCardNumber', message: 'Invalid card number' },
  paymentsInvalidCardExpiry: /*i18n*/ { id: 'payments.invalidCardExpiry', message: 'Invalid card expiration time' },
  // Why a payment ended as it did (the stored reason code, shown in the caller's language).
  paymentsReasonRefused: /*i18n*/ { id: 'payments.reason.refused', message: 'The payment was refused on the phone' },
  paymentsReasonInsufficientFunds: /*i18n*/ { id: 'payments.reason.insufficient_funds', message: 'Insufficient funds' },
  paymentsReasonTimeout: /*i18n*/ { id: 'payments.reason.timeout', message: 'The payment request timed out' },
  paymentsReasonDeclined: /*i18n*/ { id: 'payments.reason.declined', message: 'The card was declined' },
  paymentsReasonAmountMismatch: /*i18n*/ {
    id: 'payments.reason.amount_mismatch',
    message: 'The amount paid does not match the amount requested; it is held for review',
  },
  paymentsReasonProviderError: /*i18n*/ { id: 'payments.reason.provider_error', message: 'The payment service could not process the payment' },
  paymentsReasonCanceledByStaff: /*i18n*/ { id: 'payments.reason.canceled_by_staff', message: 'Cancelled by staff' },
  paymentsReasonTransferNotReceived: /*i18n*/ { id: 'payments.reason.transfer_not_received', message: 'The bank transfer was not received in time' },
  paymentsReasonNoAccount: /*i18n*/ { id: 'payments.reason.no_account', message: 'No active bank account in {currency} for {institution}' },
  paymentsSmsReceipt: /*i18n*/ {
    id: 'payments.smsReceipt',
    message: 'Sadaka: {institution} has received {amount} ({lines}). Receipt {receiptNo}. Thank you for giving!',
  },
} satisfies Record<string, Descriptor>;

/** Column headings of the transactions export (CSV and Excel), in the caller's language. */
export const paymentExportColumns = {
  createdAt: /*i18n*/ { id: 'payments.export.createdAt', message: 'Date' },
  referenceNo: /*i18n*/ { id: 'payments.export.referenceNo', message: 'Reference number' },
  receiptNo: /*i18n*/ { id: 'payments.export.receiptNo', message: 'Receipt number' },
  trxId: /*i18n*/ { id: 'payments.export.trxId', message: 'Transaction id' },
  institution: /*i18n*/ { id: 'payments.export.institution', message: 'Church or mosque' },
  payer: /*i18n*/ { id: 'payments.export.payer', message: 'Giver' },
  phone: /*i18n*/ { id: 'payments.export.phone', message: 'Phone number' },
  method: /*i18n*/ { id: 'payments.export.method', message: 'Payment method' },
  operator: /*i18n*/ { id: 'payments.export.operator', message: 'Network operator' },
  status: /*i18n*/ { id: 'payments.export.status', message: 'Status' },
  currency: /*i18n*/ { id: 'payments.export.currency', message: 'Currency' },
  amount: /*i18n*/ { id: 'payments.export.amount', message: 'Amount' },
  fee: /*i18n*/ { id: 'payments.export.fee', message: 'Fee' },
  reason: /*i18n*/ { id: 'payments.export.reason', message: 'Reason' },
  failedReason: /*i18n*/ { id: 'payments.export.failedReason', message: 'Failed reason' },
  completedAt: /*i18n*/ { id: 'payments.export.completedAt', message: 'Completed at' },
} satisfies Record<string, Descriptor>;

/** Field names for "<field> can not be empty" in this area (the rest are shared with other areas). */
export const paymentFieldLabels = {
  range: /*i18n*/ { id: 'payments.field.range', message: 'Date range' },
  search: /*i18n*/ { id: 'payments.field.search', message: 'Search' },
  operator: /*i18n*/ { id: 'payments.field.operator', message: 'Network operator' },
  bankReference: /*i18n*/ { id: 'payments.field.bankReference', message: 'Bank reference' },
  cursor: /*i18n*/ { id: 'payments.field.cursor', message: 'Page' },
} satisfies Record<string, Descriptor>;
