import type { Config } from './config';
import type { Database } from './db/client';
import type { SeedOutcome } from './db/seed/ensure-seeded';
import { DEMO_TOTP_SECRET, demoTotpUri, demoUsers } from './db/seed/demo-users';
import type { Providers } from './providers/build-providers';

/**
 * What a person needs after `npm start`: where to go and how to sign in. Plain console output on
 * purpose, so it stands out from the JSON request log.
 */
export function printBanner(input: { config: Config; url: string; database: Database; seed: SeedOutcome; providers: Providers; readyMs: number; phases: Record<string, number> }) {
  const { config, url, database, seed, providers, readyMs, phases } = input;
  const breakdown = Object.entries(phases)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
  const lines = [
    '',
    `  Sadaka is ready at ${config.publicUrl ?? url}`,
    `  Started in ${(readyMs / 1000).toFixed(1)} s (${breakdown})`,
    '',
    `  Database   ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Demo data  ${seed.seeded ? `seeded now in ${(seed.ms / 1000).toFixed(1)} s (${seed.counts.members} members, ${seed.counts.transactions} transactions)` : seed.reason}`,
    `  SMS        ${providers.simulators.smsInboxUrl ? `simulated; inbox at ${providers.simulators.smsInboxUrl}` : `Africa's Talking at ${config.sms.baseUrl}`}`,
    `  Payments   ${providers.simulators.handsetUrl ? `Selcom simulated; handset at ${providers.simulators.handsetUrl} (test numbers: README)` : `Selcom at ${config.payments.selcom.baseUrl}`}`,
    `  Mail       ${providers.mailTransport === 'smtp' ? 'SMTP (SMTP_URL)' : `local outbox, readable at ${url}/api/dev/mail-outbox`}`,
    `  API docs   ${url}/api/docs`,
  ];
  if (config.seed === 'demo') {
    lines.push('', `  Demo sign-ins (password: ${config.demoPassword}, unless changed since):`);
    for (const user of demoUsers) {
      const note = user.forceChangePassword ? ' (must change the password)' : user.totp ? ' (two-factor, see below)' : '';
      lines.push(`    ${user.username.padEnd(10)} ${user.role}${note}`);
    }
    lines.push('', `  TOTP secret of "secure": ${DEMO_TOTP_SECRET}`, `    ${demoTotpUri()}`);
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  console.log(lines.join('\n'));
}
