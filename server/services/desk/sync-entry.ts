import type { z } from 'zod';
import type { SyncResult } from '../../../domain/api/receipts';
import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import { describeIssue, fromZodIssue, type Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';

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
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  const message = first ? describeIssue(fromZodIssue(first), raw, actor.t).message : actor.t(messages.badRequest);
  return { ok: false, result: rejected(entryId(raw), message, 'invalid') };
}
