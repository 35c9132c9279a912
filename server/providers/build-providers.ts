import type { Config } from '../config';
import type { Mailer } from '../context';
import type { Database } from '../db/client';
import type { Translator } from '../i18n';
import { loadTranslator } from '../i18n';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import { DEFAULT_POLL_SCHEDULE_SECONDS } from '../services/payments/payment-deps';
import { createPaymentsEngine, type PaymentsEngine } from '../services/payments/payments-engine';
import { createMailService } from '../services/mail/mail-service';
import { createSmsService, type SmsService } from '../services/sms/sms-service';
import { createSmsPurchaseEngine, type SmsPurchaseEngine } from '../services/sms/purchases/sms-purchase-engine';
import { createOutboxTransport, createSmtpTransport } from './mail/smtp-transport';
import { createAfricasTalkingClient } from './sms/africas-talking-client';
import { type AfricasTalkingSimulator, startAfricasTalkingSimulator } from './sms/africas-talking-simulator';
import { smsDeliveryReportUrl } from './sms/callback-secret';
import { createSelcomClient } from './payments/selcom-client';
import { createSelcomProvider } from './payments/selcom-provider';
import { type SelcomSimulator, startSelcomSimulator } from './payments/selcom-simulator';
import { createPublicLinks, type PublicLinks } from '../lib/public-links';
import { definePasswordResetQueue } from '../services/auth/password-reset-delivery';
import { definePledgeReminderQueue } from '../services/pledges/pledge-reminders';
import { defineGivingPledgeCodeQueue } from '../services/payments/giving-pledge-code';
import { defineRateLimitPruneQueue } from '../services/payments/rate-limit-prune';
import { defineSmsCampaignQueue } from '../services/sms/campaigns/campaign-dispatch';
import { defineStatementSendQueue, recoverStatementSends } from '../services/statement-sends/statement-send-dispatch';
import { defineRegistrationPruneQueue } from '../services/registration/prune-drafts';
import { defineRecoverySweep } from '../jobs/recovery-sweep';

export type ProviderLogger = { error: (o: object, m: string) => void; warn: (o: object, m: string) => void; info: (o: object, m: string) => void };

export type Providers = {
  sms: SmsService;
  mail: Mailer;
  jobs: JobRunner;
  /** Only when AT_BASE_URL is unset: the Africa's Talking simulator this process started. */
  atSimulator: AfricasTalkingSimulator | null;
  simulators: { atBaseUrl: string | null; smsInboxUrl: string | null; selcomBaseUrl: string | null; handsetUrl: string | null };
  /** Mobile money and card payments (issue 4): initiation, callbacks, polls, credits. */
  payments: PaymentsEngine;
  /** SMS bought with the institution's mobile money (ADR 058): the same provider, its own callback path and queue. */
  smsPurchases: SmsPurchaseEngine;
  /** Only when SELCOM_BASE_URL is unset: the Selcom simulator this process started (tests script it). */
  selcomSimulator: SelcomSimulator | null;
  mailTransport: 'smtp' | 'outbox';
  /** Base of links sent to people: PUBLIC_URL, or the listening address once attached. */
  links: PublicLinks;
  /**
   * Tells the simulator where our API listens, so its delivery reports reach the callback route.
   * Call after `listen()` (server.ts and the test harness do). Against the real AT this does
   * nothing: the URL is registered in AT's dashboard (see smsDeliveryReportUrl).
   */
  attachApp(appBaseUrl: string): void;
  /** Production start of background work: re-enqueues stranded SMS, then polls the queues. */
  startJobs(): Promise<void>;
  close(): Promise<void>;
};

const silent: ProviderLogger = { error: () => undefined, warn: () => undefined, info: () => undefined };

/**
 * Builds SMS, mail and the job queue for one process (or one test). When AT_BASE_URL is unset the
 * protocol-faithful simulator is started on loopback and the REAL HTTP client talks to it, so the
 * production code path is the one that runs. Jobs are set up (schema, queues) but not polled:
 * call `jobs.startWorkers()` in the server, `jobs.drain()` in tests.
 */
export async function createProviders(options: {
  config: Config;
  database: Database;
  now: () => Date;
  /** PostgreSQL URL for pg-boss's own pool; defaults to config.databaseUrl. */
  databaseUrl?: string | undefined;
  logger?: ProviderLogger;
  /** Off in tests (no maintenance timers). */
  jobMaintenance?: boolean;
  /** Delay before the simulator's delivery report; small in tests. */
  simulatorDeliveryDelayMs?: number;
  /** For SMS receipts of payments; loaded from the catalogs when not given. */
  translator?: Translator;
  /** Payment status polls, seconds after the start (default 30 s, 2 min, 10 min, 1 h, hourly to 48 h). */
  pollScheduleSeconds?: readonly number[];
  /** Selcom simulator: delay of automatic answers and of a scripted late success; small in tests. */
  selcomAnswerDelayMs?: number;
  selcomLateSuccessDelayMs?: number;
}): Promise<Providers> {
  const { config, database, now } = options;
  const log = options.logger ?? silent;

  const jobs = createJobRunner({
    database,
    connectionString: options.databaseUrl ?? config.databaseUrl,
    maintenance: options.jobMaintenance ?? true,
    logger: log,
  });
  let atSimulator: AfricasTalkingSimulator | null = null;
  if (!config.sms.baseUrl) {
    atSimulator = await startAfricasTalkingSimulator({
      username: config.sms.username,
      apiKey: config.sms.apiKey,
      port: config.sms.simulatorPort,
      deliveryDelayMs: options.simulatorDeliveryDelayMs ?? 500,
      deliveryReportUrl: config.publicUrl ? smsDeliveryReportUrl(config, config.publicUrl) : null,
    });
  }
  const atBaseUrl = config.sms.baseUrl ?? atSimulator?.baseUrl;
  if (!atBaseUrl) throw new Error("No Africa's Talking base URL");

  const client = createAfricasTalkingClient({ baseUrl: atBaseUrl, username: config.sms.username, apiKey: config.sms.apiKey });
  const sms = createSmsService({ raw: database.raw, jobs, client, senderId: config.sms.senderId, now, log });
  const transport = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : createOutboxTransport();
  const mail = createMailService({ raw: database.raw, transport, from: config.mail.from, now, log });

  // Selcom: the real client, against the simulator unless SELCOM_BASE_URL points elsewhere.
  const selcomConfig = config.payments.selcom;
  let selcomSimulator: SelcomSimulator | null = null;
  if (!selcomConfig.baseUrl) {
    try {
      selcomSimulator = await startSelcomSimulator({
        apiKey: selcomConfig.apiKey,
        apiSecret: selcomConfig.apiSecret,
        vendor: selcomConfig.vendor,
        port: selcomConfig.simulatorPort,
        // The simulator signs its callbacks at the app's time (tests move that clock).
        now,
        answerDelayMs: options.selcomAnswerDelayMs ?? selcomConfig.simulatorAnswerMs,
        ...(options.selcomLateSuccessDelayMs === undefined ? {} : { lateSuccessDelayMs: options.selcomLateSuccessDelayMs }),
      });
    } catch (error) {
      await atSimulator?.close();
      throw error;
    }
  }
  const selcomBaseUrl = selcomConfig.baseUrl ?? selcomSimulator?.baseUrl;
  if (!selcomBaseUrl) throw new Error('No Selcom base URL');
  const selcomCredentials = { apiKey: selcomConfig.apiKey, apiSecret: selcomConfig.apiSecret };
  const links = createPublicLinks(config.publicUrl, `http://127.0.0.1:${config.port}`);
  const translator = options.translator ?? (await loadTranslator());
  definePasswordResetQueue(jobs, { database, sms, mail, translator, links, now });
  definePledgeReminderQueue(jobs, { database, sms, translator, now });
  defineGivingPledgeCodeQueue(jobs, { database, sms, translator, now });
  defineSmsCampaignQueue(jobs, { raw: database.raw, sms, now });
  defineStatementSendQueue(jobs, { database, sms, mail, translator, links, now, config });
  defineRegistrationPruneQueue(jobs, { database, config, now });
  defineRateLimitPruneQueue(jobs, { database, config, now });
  const selcomProvider = createSelcomProvider({
    client: createSelcomClient({ ...selcomCredentials, baseUrl: selcomBaseUrl, vendor: selcomConfig.vendor, now }),
    credentials: selcomCredentials,
    defaultBuyerEmail: 'giving@sadaka.example',
    now,
  });
  const pollScheduleSeconds = options.pollScheduleSeconds ?? DEFAULT_POLL_SCHEDULE_SECONDS;
  const payments = createPaymentsEngine({
    database,
    config,
    provider: selcomProvider,
    jobs,
    sms,
    translator,
    now,
    log,
    pollScheduleSeconds,
  });
  const smsPurchases = createSmsPurchaseEngine({ database, config, provider: selcomProvider, jobs, sms, now, log, pollScheduleSeconds });
  const recoverPayments = async () => {
    const resumed = await payments.recoverPending();
    return { ...resumed, polls: resumed.polls + (await smsPurchases.recoverPending()) };
  };

  const recoverSends = () => recoverStatementSends({ database, jobs });
  defineRecoverySweep(jobs, { cron: config.jobs.recoveryCron, recoverSms: () => sms.recoverQueued(), recoverPayments, recoverStatementSends: recoverSends, log });

  try {
    await jobs.start();
  } catch (error) {
    await selcomSimulator?.close();
    await atSimulator?.close();
    throw error;
  }

  return {
    sms,
    mail,
    jobs,
    atSimulator,
    simulators: {
      atBaseUrl: atSimulator?.baseUrl ?? null,
      smsInboxUrl: atSimulator ? `${atSimulator.baseUrl}/inbox` : null,
      selcomBaseUrl: selcomSimulator?.baseUrl ?? null,
      handsetUrl: selcomSimulator?.handsetUrl ?? null,
    },
    payments,
    smsPurchases,
    selcomSimulator,
    mailTransport: transport.name,
    links,
    attachApp(appBaseUrl) {
      links.attach(appBaseUrl);
      if (!config.publicUrl) atSimulator?.setDeliveryReportUrl(smsDeliveryReportUrl(config, appBaseUrl));
      payments.setAppBaseUrl(appBaseUrl);
      smsPurchases.setAppBaseUrl(appBaseUrl);
    },
    async startJobs() {
      const recovered = await sms.recoverQueued();
      if (recovered > 0) log.warn({ recovered }, 'queued SMS without a job were enqueued again');
      const resumed = await recoverPayments();
      if (resumed.polls + resumed.credits > 0) log.info(resumed, 'pending payments and SMS purchases: status polls and credits queued again');
      const sends = await recoverSends();
      if (sends > 0) log.warn({ sends }, 'statement sends without a job were queued again');
      await jobs.startWorkers();
    },
    async close() {
      // Simulator first (no more callbacks), then the queue, while the database is still open.
      await selcomSimulator?.close();
      await atSimulator?.close();
      await jobs.stop();
      transport.close();
    },
  };
}
