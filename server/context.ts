import type { SmsStatus } from '../domain/statuses';
import type { Caches } from './caches';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Translator } from './i18n';
import type { JobRunner } from './jobs/job-runner';
import type { PublicLinks } from './lib/public-links';
import type { PaymentsEngine } from './services/payments/payments-engine';
import type { SmsPurchaseEngine } from './services/sms/purchases/sms-purchase-engine';

export type SmsInput = {
  to: string;
  message: string;
  institutionId: number | null;
  purpose: string;
  createdBy?: number | null;
  /** An id drawn from the sms_messages sequence beforehand (sendMany only): writing it twice fails, so it is sent once. */
  id?: number;
};

/** Sends an SMS through the configured provider and records it (charged to the institution, if any). */
export type SmsSender = {
  send(input: SmsInput): Promise<{ id: number; status: SmsStatus }>;
  /**
   * Many messages with one charge per institution: as many are queued as its wallet has units, in
   * the order given, the rest wait for a top-up. Answers in the order given.
   */
  sendMany(inputs: readonly SmsInput[]): Promise<Array<{ id: number; status: SmsStatus }>>;
  /** Charges and queues an institution's waiting messages while its wallet has units (oldest first); after a top-up commits. */
  releaseWaiting(institutionId: number): Promise<number>;
};

/** Sends mail over SMTP when configured, otherwise records it in the local outbox. */
export type Mailer = {
  send(input: { to: string; subject: string; text: string }): Promise<{ id: number }>;
};

/**
 * What services need from the outside world, built once per process (or per test) and passed
 * down explicitly.
 */
export type AppContext = {
  config: Config;
  database: Database;
  /** In-process copies of sessions and reference rows, emptied by the database's notifications (ADR 063). */
  caches: Caches;
  translator: Translator;
  sms: SmsSender;
  mail: Mailer;
  /** Online payments (issue 4): built with the providers, used by the payment routes. */
  payments: PaymentsEngine;
  /** SMS bought with the institution's mobile money (ADR 058). */
  smsPurchases: SmsPurchaseEngine;
  /** Base URL of links sent to people (configuration only, never request headers). */
  links: PublicLinks;
  /** Background jobs (pg-boss): work a request only queues. */
  jobs: JobRunner;
  /** Injected clock so expiry rules can be tested without waiting. */
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
