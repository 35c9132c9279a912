export const TRANSACTION_STATUSES = ['pending', 'failed', 'completed', 'pending_cancel', 'canceled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const FINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = ['failed', 'completed', 'canceled'];

export const PAYMENT_METHODS = ['mobile', 'card', 'bank', 'cash', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const REQUEST_STATUSES = ['requested', 'approved', 'denied', 'rejected', 'not_approved'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_TYPES = ['application', 'bank-account', 'bank-user', 'user-edit', 'sms-topup'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const ACCOUNT_STATUSES = ['activated', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const REGISTRATION_STATUSES = ['unfinished', 'submitted', 'completed', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const SMS_STATUSES = ['queued', 'waiting_balance', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export const MOBILE_OPERATORS = ['vodacom', 'tigo', 'airtel', 'halotel', 'ttcl'] as const;
export type MobileOperator = (typeof MOBILE_OPERATORS)[number];
