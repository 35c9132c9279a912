import type { z } from 'zod';
import type { SyncResult } from '../../../domain/api/receipts';
import type { Locale } from '../../../domain/locale';
import { ControlCharacterFree } from '../../../domain/control-characters';
import { messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { describeIssue, fromZodIssue, type Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { isRefusedByDatabase } from './data-exception';
import { type ScopedInstitution, scopedInstitutionCache } from './desk-access';

type Descriptor = { id: string; message: string };

/** Who is syncing, and how to speak to them: what every per-entry service needs from the request. */
export type SyncActor = {
  user: AuthUser;
  sessionId: string;
  ip: string;
  userAgent: string | undefined;
  locale: Locale;
  t: Translate;
};

/** A UUID as a map key: PostgreSQL compares UUIDs regardless of case and prints them in lower case. */
export const uuidKey = (id: string) => id.toLowerCase();

/** The entry's id as the device sent it (for the answer), even when the entry is otherwise invalid. */
export function entryId(raw: unknown): string {
  if (raw !== null && typeof raw === 'object' && 'id' in raw) {
    const id = (raw as { id: unknown }).id;
    if (typeof id === 'string') return id.slice(0, 100);
    if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  }
  return '';
}

export function rejected(id: string, message: string, code: string): SyncResult {
  return { id, status: 'rejected', message, code };
}

export function rejectedWith(actor: SyncActor, id: string, descriptor: Descriptor, values: Record<string, unknown>, code: string): SyncResult {
  return rejected(id, actor.t(descriptor, values), code);
}

/**
 * Validates one entry on its own, so one bad entry is answered `rejected` (naming the field, in the
 * caller's language, exactly as a 400 would) while the rest of the batch goes ahead.
 */
export function validateEntry<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  actor: SyncActor,
): { ok: true; value: z.output<S> } | { ok: false; result: SyncResult } {
  // Not even an object: there is no field to name.
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, result: rejected(entryId(raw), actor.t(messages.badRequest), 'invalid') };
  const parsed = schema.safeParse(raw);
  // The same control-character check every route's input gets (lib/validator.ts), per entry here.
  const clean = parsed.success ? ControlCharacterFree.safeParse(parsed.data) : null;
  if (parsed.success && clean?.success) return { ok: true, value: parsed.data };
  const first = parsed.success ? clean?.error?.issues[0] : parsed.error.issues[0];
  const message = first ? describeIssue(fromZodIssue(first), raw, actor.t).message : actor.t(messages.badRequest);
  return { ok: false, result: rejected(entryId(raw), message, 'invalid') };
}

export type Admission<T> = { ok: true; value: T; institution: ScopedInstitution } | { ok: false; result: SyncResult };

/**
 * The first two checks of every synced entry, whatever it carries: its shape (validateEntry), then
 * the institution it names, which must be active and in the caller's scope (one lookup per
 * institution per request). Answers come back in request order; what follows is each kind's own.
 */
export async function admitEntries<S extends z.ZodType<{ id: string; institutionId: number }>>(
  db: Db,
  actor: SyncActor,
  schema: S,
  entries: readonly unknown[],
): Promise<Array<Admission<z.output<S>>>> {
  const scoped = scopedInstitutionCache(db, actor.user);
  const admissions: Array<Admission<z.output<S>>> = [];
  for (const raw of entries) {
    const checked = validateEntry(schema, raw, actor);
    if (!checked.ok) {
      admissions.push(checked);
      continue;
    }
    const institution = await scoped(checked.value.institutionId);
    admissions.push(
      institution && institution.status === 'active'
        ? { ok: true, value: checked.value, institution }
        : { ok: false, result: rejectedWith(actor, checked.value.id, messages.receiptInstitutionNotAllowed, {}, 'forbidden') },
    );
  }
  return admissions;
}

type Log = { warn: (o: object, m: string) => void };

/**
 * Runs one entry's own work; if the database refuses that entry's data (a constraint or trigger the
 * schema cannot see, see isRefusedByDatabase) it is answered `rejected` with code `refused` and the
 * request goes on, so the neighbours are stored and an outbox resending the batch is not stuck on
 * it. Its own transaction rolled back, so nothing of it was stored. Any other error still fails
 * the request: a retry may cure it.
 */
export async function refusedAsRejected(actor: SyncActor, id: string, log: Log, work: () => Promise<SyncResult>): Promise<SyncResult> {
  try {
    return await work();
  } catch (error) {
    if (!isRefusedByDatabase(error)) throw error;
    log.warn({ err: error, clientId: id }, 'the database refused a synced entry');
    return rejectedWith(actor, id, messages.syncEntryRefused, {}, 'refused');
  }
}
