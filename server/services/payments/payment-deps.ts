import type { Config } from '../../config';
import type { SmsSender } from '../../context';
import type { Database } from '../../db/client';
import type { Translator } from '../../i18n';
import type { JobRunner } from '../../jobs/job-runner';
import type { PaymentProvider } from '../../providers/payments/payment-provider';

export type PaymentLogger = { error: (o: object, m: string) => void; warn: (o: object, m: string) => void; info: (o: object, m: string) => void };

/**
 * When to ask the provider about a pending payment, in seconds after it started. The default is
 * the reconciliation rule of the providers guide: 30 s, 2 min, 10 min, 1 h, then hourly up to 48 h.
 * After the last poll a payment still not final is given up (failed, reason timeout).
 */
export const DEFAULT_POLL_SCHEDULE_SECONDS: readonly number[] = [30, 120, 600, ...Array.from({ length: 48 }, (_, i) => (i + 1) * 3600)];

/** Everything the payments engine needs, built once per process (or per test). */
export type PaymentDeps = {
  database: Database;
  config: Config;
  provider: PaymentProvider;
  jobs: JobRunner;
  sms: SmsSender;
  translator: Translator;
  now: () => Date;
  log: PaymentLogger;
  pollScheduleSeconds: readonly number[];
  /** Where providers reach our callback and the card page returns the payer (PUBLIC_URL, or where we listen). */
  appBaseUrl: () => string;
};
