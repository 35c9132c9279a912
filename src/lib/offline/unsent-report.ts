import type { CashReceiptInput } from '../../../domain/api/receipts';
import type { UnsentCashGroup, UnsentCashReport } from '../../../domain/api/unsent-cash';
import { apiPaths } from '../../../domain/api-paths';
import { LANG_HEADER } from '../../../domain/locale';
import { API_BASE } from '../../../domain/paths';
import { db, type SadakaDb } from '../db';
import { DEVICE_KEY, type DeviceIdentity } from './device-identity';
import { readMeta, writeMeta } from './meta';
import type { OutboxEntry, SendAuth } from './types';

/** The same figures are sent again at most this often, so the dashboard's "as of" stays fresh while the queue is stuck. */
export const REPORT_REFRESH_MS = 5 * 60_000;
const lastReportKey = (userId: number) => `unsent-report:${userId}`;
type LastReport = { signature: string; at: number };

/**
 * What this person's receipts still on the device come to, per institution and currency: every
 * receipt entry, pending or refused (a refused one is cash that has not reached the server either;
 * `held` counts those). Members and batches carry no money and are left out.
 */
export function summariseUnsent(entries: readonly OutboxEntry[], userId: number): UnsentCashGroup[] {
  const groups = new Map<string, UnsentCashGroup & { oldest: number }>();
  for (const entry of entries) {
    if (entry.kind !== 'receipt' || entry.userId !== userId) continue;
    const receipt = entry.payload as CashReceiptInput;
    const key = `${entry.institutionId} ${receipt.currency}`;
    const group = groups.get(key) ?? { institutionId: entry.institutionId, currency: receipt.currency, receipts: 0, held: 0, amount: 0, oldestAt: '', oldest: entry.createdAt };
    group.receipts += 1;
    if (entry.state !== 'pending') group.held += 1;
    group.amount += receipt.lines.reduce((sum, line) => sum + line.amount, 0);
    group.oldest = Math.min(group.oldest, entry.createdAt);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ oldest, ...group }) => ({ ...group, oldestAt: new Date(oldest).toISOString() }))
    .sort((a, b) => a.institutionId - b.institutionId || a.currency.localeCompare(b.currency));
}

/**
 * The report to send now, or null when there is nothing worth saying: no device identity yet (no
 * receipt was ever numbered here), nothing unsent and nothing unsent ever reported, or the same
 * figures reported less than REPORT_REFRESH_MS ago.
 */
export async function reportToSend(auth: Pick<SendAuth, 'userId'>, now: number, database: SadakaDb = db): Promise<{ report: UnsentCashReport; signature: string } | null> {
  const device = await readMeta<DeviceIdentity>(DEVICE_KEY, database);
  if (!device) return null;
  const groups = summariseUnsent(await database.outbox.where('userId').equals(auth.userId).toArray(), auth.userId);
  const signature = JSON.stringify(groups);
  const last = await readMeta<LastReport>(lastReportKey(auth.userId), database);
  if (groups.length === 0 && (!last || last.signature === '[]')) return null;
  if (last && last.signature === signature && now - last.at < REPORT_REFRESH_MS) return null;
  return { report: { deviceId: device.prefix, groups }, signature };
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Tells the server what this device still holds for the signed-in person (issue 16), so the
 * dashboard can show unsent cash. Best effort: a failure is forgotten and the next sync attempt
 * reports again; only an accepted report is remembered.
 */
export async function reportUnsentCash(auth: SendAuth, options: { database?: SadakaDb; now?: () => number; fetch?: FetchLike; baseUrl?: string } = {}): Promise<boolean> {
  const database = options.database ?? db;
  const now = options.now ?? Date.now;
  const next = await reportToSend(auth, now(), database);
  if (!next) return false;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  try {
    const response = await doFetch(`${options.baseUrl ?? API_BASE}${apiPaths.unsentCashReport}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${auth.token}`, [LANG_HEADER]: auth.locale },
      body: JSON.stringify(next.report),
    });
    // A refusal (400/403) would be the same next time: remembered like a success, so it is not repeated at once.
    if (!response.ok && response.status !== 400 && response.status !== 403) return false;
  } catch {
    return false;
  }
  await writeMeta<LastReport>(lastReportKey(auth.userId), { signature: next.signature, at: now() }, database);
  return true;
}
