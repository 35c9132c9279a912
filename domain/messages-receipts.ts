import type { Descriptor } from './messages-descriptor';

/** Cash receipts, batches, offline member registration and the outbox (issue 3). Keys are prefixed by area so the merged `messages` never collides. */
export const receiptMessages = {
  receiptOneGiver: /*i18n*/ { id: 'receipt.oneGiver', message: 'A receipt names at most one giver: a member or a walk-in giver, not both' },
  receiptSyncEmpty: /*i18n*/ { id: 'receipt.syncEmpty', message: 'Send at least one entry' },
  unsentDuplicateGroup: /*i18n*/ { id: 'unsent.duplicateGroup', message: 'Each institution and currency may appear only once in a report' },
  unsentHeldMoreThanReceipts: /*i18n*/ { id: 'unsent.heldMoreThanReceipts', message: 'Receipts waiting for a fix cannot be more than the receipts' },
  receiptSyncTooMany: /*i18n*/ { id: 'receipt.syncTooMany', message: 'Send at most {max} entries in one request' },
  receiptInstitutionNotAllowed: /*i18n*/ { id: 'receipt.institutionNotAllowed', message: 'You can not record for this institution' },
  receiptCurrencyUnknown: /*i18n*/ { id: 'receipt.currencyUnknown', message: 'Currency {currency} is not in use' },
  receiptOfferingTypeUnknown: /*i18n*/ {
    id: 'receipt.offeringTypeUnknown',
    message: 'Offering type {offeringTypeId} does not belong to this institution or is no longer in use',
  },
  receiptMemberUnknown: /*i18n*/ { id: 'receipt.memberUnknown', message: 'Member {memberId} was not found in this institution' },
  receiptMemberNotSynced: /*i18n*/ {
    id: 'receipt.memberNotSynced',
    message: 'The member registered on this device has not reached the server yet. Send the registration first, then this receipt.',
  },
  receiptBatchUnknown: /*i18n*/ {
    id: 'receipt.batchUnknown',
    message: 'The batch of this receipt has not reached the server yet or belongs to another institution',
  },
  receiptBatchCurrency: /*i18n*/ {
    id: 'receipt.batchCurrency',
    message: 'The receipt is in {currency} but its batch counts {batchCurrency}',
  },
  syncEntryRefused: /*i18n*/ {
    id: 'sync.entryRefused',
    message: 'The server could not store this entry as it is; sending it again unchanged will not help. Check what it contains.',
  },
  receiptConflict: /*i18n*/ {
    id: 'receipt.conflict',
    message: 'A different receipt was already saved under this id. Check it before sending this one again.',
  },
  receiptNumberReplaced: /*i18n*/ {
    id: 'receipt.numberReplaced',
    message: 'Receipt number {requested} was already used in this institution; this receipt is numbered {receiptNo}',
  },
  receiptReceivedInFuture: /*i18n*/ { id: 'receipt.receivedInFuture', message: 'The date received cannot be in the future' },
  receiptSms: /*i18n*/ {
    id: 'receipt.sms',
    message: '{institution}: received {amount} from {name} ({lines}). Receipt {receiptNo}, {date}. Thank you!',
  },
  memberConflict: /*i18n*/ {
    id: 'receipt.memberConflict',
    message: 'A different registration was already saved under this id. Check it before sending this one again.',
  },
  memberPhoneTaken: /*i18n*/ {
    id: 'receipt.memberPhoneTaken',
    message: 'The phone number {phone} already belongs to member {name} ({code}). Use that member or correct the number.',
  },
  memberZoneUnknown: /*i18n*/ { id: 'receipt.memberZoneUnknown', message: 'Zone {zoneId} does not belong to this institution' },
  batchConflict: /*i18n*/ {
    id: 'receipt.batchConflict',
    message: 'This batch was already saved with other details. Only closing it can change it.',
  },
  batchAlreadyClosed: /*i18n*/ {
    id: 'receipt.batchAlreadyClosed',
    message: 'This batch was already closed on another device at {closedAt}. It stays closed; nothing was changed.',
  },
  exportMethodCash: /*i18n*/ { id: 'receipt.export.methodCash', message: 'Cash' },
  exportMethodCheque: /*i18n*/ { id: 'receipt.export.methodCheque', message: 'Cheque' },
} satisfies Record<string, Descriptor>;

/** Column headings of the cash receipt export (CSV and Excel), in the caller's language. */
export const receiptExportColumns = {
  receiptNo: /*i18n*/ { id: 'receipt.export.receiptNo', message: 'Receipt number' },
  receivedAt: /*i18n*/ { id: 'receipt.export.receivedAt', message: 'Date received' },
  memberCode: /*i18n*/ { id: 'receipt.export.memberCode', message: 'Member code' },
  giver: /*i18n*/ { id: 'receipt.export.giver', message: 'Giver' },
  phone: /*i18n*/ { id: 'receipt.export.phone', message: 'Phone number' },
  method: /*i18n*/ { id: 'receipt.export.method', message: 'Payment method' },
  chequeNo: /*i18n*/ { id: 'receipt.export.chequeNo', message: 'Cheque number' },
  lines: /*i18n*/ { id: 'receipt.export.lines', message: 'Offering types' },
  currency: /*i18n*/ { id: 'receipt.export.currency', message: 'Currency' },
  amount: /*i18n*/ { id: 'receipt.export.amount', message: 'Amount' },
  batch: /*i18n*/ { id: 'receipt.export.batch', message: 'Batch' },
  recordedBy: /*i18n*/ { id: 'receipt.export.recordedBy', message: 'Recorded by' },
  note: /*i18n*/ { id: 'receipt.export.note', message: 'Note' },
  syncedAt: /*i18n*/ { id: 'receipt.export.syncedAt', message: 'Synced at' },
  smsStatus: /*i18n*/ { id: 'receipt.export.smsStatus', message: 'SMS receipt' },
} satisfies Record<string, Descriptor>;

/** Field names for "<field> can not be empty" in this area. */
export const receiptFieldLabels = {
  id: /*i18n*/ { id: 'receipt.field.clientId', message: 'Entry id' },
  institutionId: /*i18n*/ { id: 'receipt.field.institution', message: 'Institution' },
  memberId: /*i18n*/ { id: 'receipt.field.member', message: 'Member' },
  memberClientId: /*i18n*/ { id: 'receipt.field.memberClientId', message: 'Member registered on this device' },
  payer: /*i18n*/ { id: 'receipt.field.payer', message: 'Giver' },
  lines: /*i18n*/ { id: 'receipt.field.lines', message: 'Offering lines' },
  offeringTypeId: /*i18n*/ { id: 'receipt.field.offeringType', message: 'Offering type' },
  amount: /*i18n*/ { id: 'receipt.field.amount', message: 'Amount' },
  currency: /*i18n*/ { id: 'receipt.field.currency', message: 'Currency' },
  receivedAt: /*i18n*/ { id: 'receipt.field.receivedAt', message: 'Date received' },
  batchId: /*i18n*/ { id: 'receipt.field.batch', message: 'Batch' },
  method: /*i18n*/ { id: 'receipt.field.paymentMethod', message: 'Payment method' },
  chequeNo: /*i18n*/ { id: 'receipt.field.chequeNo', message: 'Cheque number' },
  note: /*i18n*/ { id: 'receipt.field.note', message: 'Note' },
  receiptNo: /*i18n*/ { id: 'receipt.field.receiptNo', message: 'Receipt number' },
  // Unsent cash reports (issue 16)
  deviceId: /*i18n*/ { id: 'unsent.field.deviceId', message: 'Device' },
  groups: /*i18n*/ { id: 'unsent.field.groups', message: 'Unsent receipts' },
  held: /*i18n*/ { id: 'unsent.field.held', message: 'Receipts waiting for a fix' },
  oldestAt: /*i18n*/ { id: 'unsent.field.oldestAt', message: 'Oldest receipt' },
  firstName: /*i18n*/ { id: 'receipt.field.firstName', message: 'First name' },
  lastName: /*i18n*/ { id: 'receipt.field.lastName', message: 'Last name' },
  gender: /*i18n*/ { id: 'receipt.field.gender', message: 'Gender' },
  preferredLanguage: /*i18n*/ { id: 'receipt.field.preferredLanguage', message: 'Preferred language' },
  zoneId: /*i18n*/ { id: 'receipt.field.zone', message: 'Zone' },
  country: /*i18n*/ { id: 'receipt.field.country', message: 'Country' },
  addressOne: /*i18n*/ { id: 'receipt.field.addressOne', message: 'Address one' },
  city: /*i18n*/ { id: 'receipt.field.city', message: 'City' },
  state: /*i18n*/ { id: 'receipt.field.state', message: 'State' },
  postalCode: /*i18n*/ { id: 'receipt.field.postalCode', message: 'Postal code' },
  serviceDate: /*i18n*/ { id: 'receipt.field.serviceDate', message: 'Service date' },
  closedAt: /*i18n*/ { id: 'receipt.field.closedAt', message: 'Closing time' },
  receipts: /*i18n*/ { id: 'receipt.field.receipts', message: 'Receipts' },
  members: /*i18n*/ { id: 'receipt.field.members', message: 'Members' },
  batches: /*i18n*/ { id: 'receipt.field.batches', message: 'Batches' },
  from: /*i18n*/ { id: 'receipt.field.fromDate', message: 'From date' },
  to: /*i18n*/ { id: 'receipt.field.toDate', message: 'To date' },
  recordedBy: /*i18n*/ { id: 'receipt.field.recordedBy', message: 'Recorded by' },
  format: /*i18n*/ { id: 'receipt.field.format', message: 'File format' },
  since: /*i18n*/ { id: 'receipt.field.since', message: 'Position' },
  limit: /*i18n*/ { id: 'receipt.field.limit', message: 'Page size' },
  offset: /*i18n*/ { id: 'receipt.field.offset', message: 'Page start' },
  status: /*i18n*/ { id: 'receipt.field.status', message: 'Status' },
  // Form-only fields of the desk pages (the walk-in giver and the batch form).
  payerName: /*i18n*/ { id: 'receipt.field.payerName', message: "Giver's name" },
  payerPhone: /*i18n*/ { id: 'receipt.field.payerPhone', message: "Giver's phone" },
  batchName: /*i18n*/ { id: 'receipt.field.batchName', message: 'Batch name' },
} satisfies Record<string, Descriptor>;
