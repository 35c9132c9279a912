import { resolve } from 'node:path';
import { z } from 'zod';
import { PDF_MAX_ROWS } from './lib/export/pdf-cap';

/** Environment, read once at start-up and validated; everything else receives this object. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO_PASSWORD: z.string().min(8).default('Sadaka@2026'),
  PUBLIC_URL: z.string().url().optional(),
  /** `production` refuses to start without PUBLIC_URL (links in mail must not guess the address). */
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Africa's Talking; when unset the protocol-faithful simulator is started on loopback. */
  AT_BASE_URL: z.string().url().optional(),
  AT_USERNAME: z.string().default('sandbox'),
  AT_API_KEY: z.string().default('simulator-api-key'),
  AT_SENDER_ID: z.string().default('SADAKA'),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * What one message costs an institution that buys SMS with mobile money (ADR 058), in minor units
   * of TZS (3000 = TSh 30). Whole shillings only: Selcom's pushes are in whole shillings.
   */
  SMS_PRICE_MINOR: z.coerce
    .number()
    .int()
    .min(100)
    .max(10_000_000)
    .refine((value) => value % 100 === 0, { message: 'whole shillings: a multiple of 100 minor units' })
    .default(3000),
  /** SMTP for mail; when unset mail goes to the local outbox table. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sadaka <no-reply@sadaka.example>'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_REMEMBER_IDLE_DAYS: z.coerce.number().int().min(1).default(14),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  SESSION_REMEMBER_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  CLIENT_DIR: z.string().default('./dist/client'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /**
   * Which proxies may set X-Forwarded-For. Off by default: trusting it blindly would let anyone
   * fake their address and dodge (or aim) the per-address lockout. A hop count or a comma list
   * of proxy addresses/CIDRs when the API sits behind a load balancer.
   */
  TRUST_PROXY: z.string().default('false'),
  /**
   * Selcom (mobile money and cards). When SELCOM_BASE_URL is unset a protocol-faithful simulator is
   * started on loopback and these defaults are its credentials.
   */
  SELCOM_BASE_URL: z.string().url().optional(),
  SELCOM_API_KEY: z.string().min(1).default('simulator-selcom-api-key'),
  SELCOM_API_SECRET: z.string().min(1).default('simulator-selcom-api-secret'),
  SELCOM_VENDOR: z.string().min(1).default('SADAKA001'),
  SELCOM_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How long the simulator waits before an automatic answer (test numbers ending 0, 1, 2, 4). */
  SELCOM_SIMULATOR_ANSWER_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Our fee on mobile and card payments, in basis points of the amount (100 = 1%), capped (minor units). */
  PAYMENT_FEE_BP: z.coerce.number().int().min(0).max(10_000).default(100),
  PAYMENT_FEE_CAP: z.coerce.number().int().min(0).default(500_000),
  /** An unanswered push is cancelled at the provider after this; a card checkout after the second. */
  PAYMENT_PUSH_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
  PAYMENT_CARD_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** A bank transfer not confirmed within this many days is cancelled. */
  PAYMENT_TRANSFER_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Public payment starts per address per minute, and pushes per payer phone per 15 minutes. */
  PAYMENT_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
  PAYMENT_RATE_PER_PHONE: z.coerce.number().int().min(1).default(5),
  /** Public look-ups (phone → member, church search) per address per minute. */
  LOOKUP_RATE_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Online member registrations per address per 15 minutes (generous: a church's Wi-Fi or a carrier's NAT is one address). */
  GIVING_REGISTRATION_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
  /**
   * Public institution registrations (anyone can start one): drafts started per network address and
   * per applicant phone within a window, documents and total bytes per draft, and after how many
   * days untouched a draft is abandoned (closed, its files pruned by the hourly job).
   */
  REGISTRATION_DRAFTS_PER_IP: z.coerce.number().int().min(1).default(10),
  REGISTRATION_DRAFTS_PER_PHONE: z.coerce.number().int().min(1).default(3),
  REGISTRATION_DRAFT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  REGISTRATION_MAX_DOCUMENTS: z.coerce.number().int().min(1).max(100).default(12),
  REGISTRATION_MAX_DRAFT_MB: z.coerce.number().int().min(1).max(1_000).default(100),
  REGISTRATION_ABANDONED_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * When the recovery sweep runs (cron, in the default time zone): it enqueues again SMS and
   * payment work whose job was lost between the row and the queue. One run per tick across replicas.
   */
  JOB_RECOVERY_CRON: z.string().trim().min(9).default('*/5 * * * *'),
  /** Bank staff must have an email at this domain (the demo staff use it). */
  /** An open counting batch whose service and opening are both older than this many days is flagged as stale. */
  STALE_BATCH_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Statement links sent to members (ADR 064): days until a link stops opening, and opens per address per minute. */
  STATEMENT_LINK_DAYS: z.coerce.number().int().min(1).max(366).default(30),
  STATEMENT_LINK_RATE_PER_IP: z.coerce.number().int().min(1).default(30),
  BANK_EMAIL_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i).default('sadakabank.co.tz'),
  /** Rows per database read of a streamed export (ADR 060); tests make it small to cross several batches. */
  EXPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** Body rows a PDF export holds at most (ADR 060, 074); tests make it small so a few rows cross it. */
  EXPORT_PDF_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(PDF_MAX_ROWS),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoPassword: string;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  sms: { baseUrl: string | undefined; username: string; apiKey: string; senderId: string; simulatorPort: number; priceMinor: number };
  mail: { smtpUrl: string | undefined; from: string };
  session: { idleMinutes: number; rememberIdleDays: number; absoluteHours: number; rememberAbsoluteDays: number };
  clientDir: string;
  seed: 'demo' | 'none';
  trustProxy: boolean | number | string[];
  payments: {
    selcom: { baseUrl: string | undefined; apiKey: string; apiSecret: string; vendor: string; simulatorPort: number; simulatorAnswerMs: number };
    feeBp: number;
    feeCap: number;
    pushTimeoutSeconds: number;
    cardTimeoutSeconds: number;
    transferDays: number;
    ratePerIp: number;
    ratePerPhone: number;
    lookupRatePerIp: number;
    registrationRatePerIp: number;
  };
  registration: {
    draftsPerIp: number;
    draftsPerPhone: number;
    draftWindowMs: number;
    maxDocuments: number;
    maxDraftBytes: number;
    abandonedDays: number;
  };
  bankEmailDomain: string;
  jobs: { recoveryCron: string };
  /** The counting desk: after how many days an open batch counts as forgotten (dashboard, batch list). */
  desk: { staleBatchDays: number };
  exports: { batchRows: number; pdfMaxRows: number };
  /** Uploaded documents and logos, under generated names (DATA_DIR/uploads). */
  uploadDir: string;
  /** Statement links (ADR 064). */
  statementLinks: { days: number; ratePerIp: number };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new Error('Invalid environment:\n  PUBLIC_URL: required when NODE_ENV=production (links sent to people are built from it)');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demoPassword: e.DEMO_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    sms: { baseUrl: e.AT_BASE_URL, username: e.AT_USERNAME, apiKey: e.AT_API_KEY, senderId: e.AT_SENDER_ID, simulatorPort: e.SIMULATOR_PORT, priceMinor: e.SMS_PRICE_MINOR },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      rememberIdleDays: e.SESSION_REMEMBER_IDLE_DAYS,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      rememberAbsoluteDays: e.SESSION_REMEMBER_ABSOLUTE_DAYS,
    },
    clientDir: resolve(e.CLIENT_DIR),
    seed: e.SEED,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    payments: {
      selcom: {
        baseUrl: e.SELCOM_BASE_URL,
        apiKey: e.SELCOM_API_KEY,
        apiSecret: e.SELCOM_API_SECRET,
        vendor: e.SELCOM_VENDOR,
        simulatorPort: e.SELCOM_SIMULATOR_PORT,
        simulatorAnswerMs: e.SELCOM_SIMULATOR_ANSWER_MS,
      },
      feeBp: e.PAYMENT_FEE_BP,
      feeCap: e.PAYMENT_FEE_CAP,
      pushTimeoutSeconds: e.PAYMENT_PUSH_TIMEOUT_SECONDS,
      cardTimeoutSeconds: e.PAYMENT_CARD_TIMEOUT_SECONDS,
      transferDays: e.PAYMENT_TRANSFER_DAYS,
      ratePerIp: e.PAYMENT_RATE_PER_IP,
      ratePerPhone: e.PAYMENT_RATE_PER_PHONE,
      lookupRatePerIp: e.LOOKUP_RATE_PER_IP,
      registrationRatePerIp: e.GIVING_REGISTRATION_RATE_PER_IP,
    },
    registration: {
      draftsPerIp: e.REGISTRATION_DRAFTS_PER_IP,
      draftsPerPhone: e.REGISTRATION_DRAFTS_PER_PHONE,
      draftWindowMs: e.REGISTRATION_DRAFT_WINDOW_MINUTES * 60_000,
      maxDocuments: e.REGISTRATION_MAX_DOCUMENTS,
      maxDraftBytes: e.REGISTRATION_MAX_DRAFT_MB * 1024 * 1024,
      abandonedDays: e.REGISTRATION_ABANDONED_DAYS,
    },
    bankEmailDomain: e.BANK_EMAIL_DOMAIN.toLowerCase(),
    jobs: { recoveryCron: e.JOB_RECOVERY_CRON },
    desk: { staleBatchDays: e.STALE_BATCH_DAYS },
    exports: { batchRows: e.EXPORT_BATCH_ROWS, pdfMaxRows: e.EXPORT_PDF_MAX_ROWS },
    uploadDir: resolve(e.DATA_DIR, 'uploads'),
    statementLinks: { days: e.STATEMENT_LINK_DAYS, ratePerIp: e.STATEMENT_LINK_RATE_PER_IP },
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed.split(',').map((part) => part.trim()).filter(Boolean);
}
