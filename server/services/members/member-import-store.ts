import { and, eq, isNull, sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import type { MemberImportResult } from '../../../domain/api/members';
import { IMPORT_BATCH_ROWS, type ImportedMember } from '../../../domain/member-import';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { members } from '../../db/schema/members';
import type { Caller } from '../approvals/decide-request';
import { logActivity } from '../auth/activity';
import type { ScopedInstitution } from '../desk/desk-access';
import { nextMemberCode } from '../desk/member-code';
import { executedRows, unnestInsert } from '../desk/unnest-insert';

export type ImportRow = ImportedMember & { zoneId: number | null };
type Refused = MemberImportResult['refused'][number];

/** Namespace of imported rows' client ids (a fixed random UUID): the key's name → members.client_id. */
const IMPORT_NAMESPACE = '6f1c0c44-5d0b-4d53-9a4e-3b8e0e2f7a51';
/** A racing registration may take a phone or a code between our look and our insert; try the rest again. */
const ATTEMPTS = 5;

/**
 * A row's idempotency key as a members.client_id: from its member number when the file gives one
 * (the same member in any file), else from the file's hash and the row's line.
 */
export function importClientId(institutionId: number, importKey: string, row: Pick<ImportedMember, 'line' | 'code'>): string {
  const name = row.code ? `${institutionId}:code:${row.code.toLowerCase()}` : `${institutionId}:line:${importKey}:${row.line}`;
  return uuidv5(name, IMPORT_NAMESPACE);
}

/**
 * Stores the accepted rows IMPORT_BATCH_ROWS at a time, each batch in its own transaction: a
 * dropped connection or a crash loses at most the batch in flight, and sending the file again
 * skips what is stored (the keys). Rows answer as created, duplicate (their key, or their member
 * number with the same phone, is already stored) or refused (phone or member number already
 * another member's — also an earlier line of this file).
 */
export async function storeImportBatches(ctx: AppContext, caller: Caller, institution: ScopedInstitution, importKey: string, rows: readonly ImportRow[]) {
  let created = 0;
  let duplicates = 0;
  const refused: Refused[] = [];
  const numbering: Numbering = { next: null };
  for (let start = 0; start < rows.length; start += IMPORT_BATCH_ROWS) {
    const batch = rows.slice(start, start + IMPORT_BATCH_ROWS);
    const outcome = await ctx.database.db.transaction((tx) => storeBatch(tx, ctx, caller, institution, importKey, batch, numbering));
    created += outcome.created;
    duplicates += outcome.duplicates;
    refused.push(...outcome.refused);
  }
  return { created, duplicates, refused };
}

/**
 * The next automatic member number, carried from batch to batch of one request: finding it scans
 * the institution's numbers, once is enough. Null means "look it up" (first batch, or after a
 * racing registration took a number we meant to give).
 */
type Numbering = { next: number | null };

async function storeBatch(tx: Db, ctx: AppContext, caller: Caller, institution: ScopedInstitution, importKey: string, batch: readonly ImportRow[], numbering: Numbering) {
  const outcome = { created: 0, duplicates: 0, refused: [] as Refused[] };
  // The browser keeps two batches in flight: one institution's batches take turns, so the second
  // reads the first's numbers and phones once they are committed instead of colliding with them.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sadaka:member-import'), ${institution.id})`);
  let pending = batch.map((row) => ({ row, clientId: importClientId(institution.id, importKey, row) }));
  for (let attempt = 0; attempt < ATTEMPTS && pending.length > 0; attempt++) {
    if (attempt > 0) numbering.next = null;
    const sorted = await sortRows(tx, institution.id, pending);
    outcome.duplicates += sorted.duplicates;
    const coded = await withCodes(tx, institution, sorted.insert, numbering);
    // A phone met earlier in the batch is named by the number that earlier row is about to get.
    const codeOf = new Map(coded.map((entry) => [entry.clientId, entry.code]));
    outcome.refused.push(
      ...sorted.refused.map(({ row, descriptor, values, earlier }) => ({ line: row.line, message: caller.t(descriptor, earlier ? { ...values, code: codeOf.get(earlier) } : values) })),
    );
    const inserted = coded.length === 0 ? [] : await insertRows(tx, ctx, caller, institution.id, coded);
    const done = new Set(inserted);
    outcome.created += inserted.length;
    // Whatever did not go in met a racing registration: look at those rows again.
    pending = sorted.insert.filter((entry) => !done.has(entry.clientId));
  }
  if (pending.length > 0) throw new Error(`member import: ${pending.length} rows of institution ${institution.id} still colliding after ${ATTEMPTS} tries`);
  if (outcome.created > 0) {
    await logActivity(tx, {
      userId: caller.user.id,
      sessionId: caller.sessionId,
      action: 'member.imported',
      entityType: 'institution',
      entityId: String(institution.id),
      details: `${outcome.created} members, file ${importKey.slice(0, 16)}, lines ${batch[0]!.line}-${batch.at(-1)!.line}`,
      ipAddress: caller.ip,
      userAgent: caller.userAgent,
      at: ctx.now(),
    });
  }
  return outcome;
}

type Entry = { row: ImportRow; clientId: string };
type Refusal = { row: ImportRow; descriptor: { id: string; message: string }; values: Record<string, unknown>; earlier?: string };

/** Which rows are already stored, which collide with another member (stored, or earlier in the batch), which go in. */
async function sortRows(tx: Db, institutionId: number, entries: readonly Entry[]) {
  const keys = entries.map((entry) => entry.clientId);
  const codes = entries.flatMap((entry) => (entry.row.code ? [entry.row.code] : []));
  const phones = entries.map((entry) => entry.row.phone);
  // Each list travels as ONE array parameter (= any($1)): a list of 1,000 bind parameters costs drizzle
  // and the database more to build and parse than the lookup itself.
  const stored = new Set((await tx.select({ clientId: members.clientId }).from(members).where(sql`${members.clientId} = any(${sql.param(keys)}::uuid[])`)).map((row) => row.clientId));
  const byCode = new Map(
    codes.length === 0
      ? []
      : (
          await tx
            .select({ code: members.code, phone: members.phone })
            .from(members)
            .where(and(eq(members.institutionId, institutionId), sql`${members.code} = any(${sql.param(codes)}::text[])`))
        ).map((row) => [row.code.toLowerCase(), row.phone]),
  );
  const phoneOwner = new Map<string, { code: string; earlier?: string }>(
    (
      await tx
        .select({ phone: members.phone, code: members.code })
        .from(members)
        .where(and(eq(members.institutionId, institutionId), sql`${members.phone} = any(${sql.param(phones)}::text[])`, isNull(members.deletedAt)))
    ).map((row) => [row.phone, { code: row.code }]),
  );
  let duplicates = 0;
  const refused: Refusal[] = [];
  const insert: Entry[] = [];
  for (const entry of entries) {
    const { row } = entry;
    const codeOwnerPhone = row.code ? byCode.get(row.code.toLowerCase()) : undefined;
    if (stored.has(entry.clientId) || (codeOwnerPhone !== undefined && codeOwnerPhone === row.phone)) duplicates += 1;
    else if (codeOwnerPhone !== undefined) refused.push({ row, descriptor: messages.importCodeTaken, values: { code: row.code } });
    else if (phoneOwner.has(row.phone)) {
      const owner = phoneOwner.get(row.phone)!;
      refused.push({ row, descriptor: messages.importPhoneDuplicate, values: { phone: row.phone, code: owner.code }, earlier: owner.earlier });
    } else {
      // Later lines of the batch meet this row's phone and number as if stored.
      phoneOwner.set(row.phone, { code: row.code ?? '', earlier: entry.clientId });
      if (row.code) byCode.set(row.code.toLowerCase(), row.phone);
      insert.push(entry);
    }
  }
  return { duplicates, refused, insert };
}

/** Rows without a member number get the institution's next ones, skipping numbers the batch itself brings. */
async function withCodes(tx: Db, institution: ScopedInstitution, entries: readonly Entry[], numbering: Numbering) {
  const prefix = `${institution.code}-`;
  if (!entries.some((entry) => !entry.row.code)) return entries.map((entry) => ({ ...entry, code: entry.row.code! }));
  const brought = new Set(entries.flatMap((entry) => (entry.row.code ? [entry.row.code.toLowerCase()] : [])));
  let next = numbering.next ?? Number((await nextMemberCode(tx, institution)).slice(prefix.length));
  const coded = entries.map((entry) => {
    if (entry.row.code) return { ...entry, code: entry.row.code };
    let code = `${prefix}${String(next).padStart(4, '0')}`;
    while (brought.has(code.toLowerCase())) code = `${prefix}${String(++next).padStart(4, '0')}`;
    next += 1;
    return { ...entry, code };
  });
  numbering.next = next;
  return coded;
}

/** One INSERT … SELECT FROM unnest for the batch; ON CONFLICT (key, phone, code) adds nothing and we look again. */
async function insertRows(tx: Db, ctx: AppContext, caller: Caller, institutionId: number, rows: ReadonlyArray<Entry & { code: string }>): Promise<string[]> {
  const now = ctx.now().toISOString();
  type Coded = Entry & { code: string };
  const statement = unnestInsert<Coded>(
    'members',
    [
      ['client_id', 'uuid', (entry) => entry.clientId],
      ['institution_id', 'integer', () => institutionId],
      ['zone_id', 'integer', (entry) => entry.row.zoneId],
      ['code', 'text', (entry) => entry.code],
      ['first_name', 'text', (entry) => entry.row.firstName],
      ['last_name', 'text', (entry) => entry.row.lastName],
      ['phone', 'text', (entry) => entry.row.phone],
      ['email', 'text', (entry) => entry.row.email ?? null],
      ['gender', 'text', (entry) => entry.row.gender],
      ['preferred_language', 'text', (entry) => entry.row.preferredLanguage],
      ['country', 'text', (entry) => entry.row.country],
      ['address_one', 'text', (entry) => entry.row.addressOne ?? null],
      ['city', 'text', (entry) => entry.row.city ?? null],
      ['state', 'text', (entry) => entry.row.state ?? null],
      ['postal_code', 'text', (entry) => entry.row.postalCode ?? null],
      ['created_by', 'integer', () => caller.user.id],
      ['created_at', 'timestamptz', () => now],
    ],
    rows,
    sql`on conflict do nothing returning client_id`,
  );
  return executedRows<{ client_id: string }>(await tx.execute(statement)).map((row) => row.client_id);
}
