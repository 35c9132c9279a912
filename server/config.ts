import { resolve } from 'node:path';
import { z } from 'zod';

/** Environment, read once at start-up and validated; everything else receives this object. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO_PASSWORD: z.string().min(8).default('Sadaka@2026'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Africa's Talking; when unset the protocol-faithful simulator is started on loopback. */
  AT_BASE_URL: z.string().url().optional(),
  AT_USERNAME: z.string().default('sandbox'),
  AT_API_KEY: z.string().default('simulator-api-key'),
  AT_SENDER_ID: z.string().default('SADAKA'),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
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
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoPassword: string;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  sms: { baseUrl: string | undefined; username: string; apiKey: string; senderId: string; simulatorPort: number };
  mail: { smtpUrl: string | undefined; from: string };
  session: { idleMinutes: number; rememberIdleDays: number; absoluteHours: number; rememberAbsoluteDays: number };
  clientDir: string;
  seed: 'demo' | 'none';
  trustProxy: boolean | number | string[];
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demoPassword: e.DEMO_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    sms: { baseUrl: e.AT_BASE_URL, username: e.AT_USERNAME, apiKey: e.AT_API_KEY, senderId: e.AT_SENDER_ID, simulatorPort: e.SIMULATOR_PORT },
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
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed.split(',').map((part) => part.trim()).filter(Boolean);
}
