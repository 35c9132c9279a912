import type { Config } from '../../../config';
import type { SmsSender } from '../../../context';
import type { Database } from '../../../db/client';
import type { JobRunner } from '../../../jobs/job-runner';
import type { PaymentProvider } from '../../../providers/payments/payment-provider';
import type { PaymentLogger } from '../../payments/payment-deps';

/** What the SMS purchase engine needs (ADR 058): the payments engine's provider, queue and schedule, and the SMS engine to release waiting messages. */
export type SmsPurchaseDeps = {
  database: Database;
  config: Config;
  provider: PaymentProvider;
  jobs: JobRunner;
  sms: SmsSender;
  now: () => Date;
  log: PaymentLogger;
  pollScheduleSeconds: readonly number[];
  /** Where Selcom reaches our callback (PUBLIC_URL, or where we listen). */
  appBaseUrl: () => string;
};

/** Its own path, so the giving engine's webhook never sees a purchase (and the reverse). */
export const SMS_PURCHASE_CALLBACK_PATH = '/api/callbacks/selcom/sms';
export const SMS_PURCHASE_POLL_QUEUE = 'sms-purchase-poll';
export const SMS_PURCHASE_POLL_QUEUE_OPTIONS = { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };
export type SmsPurchasePollJob = { purchaseId: string; attempt: number };
/** Purchases are paid in TZS (SMS_PRICE_MINOR's currency). */
export const SMS_PURCHASE_CURRENCY = 'TZS';
