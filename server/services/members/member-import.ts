import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MemberImportResult } from '../../../domain/api/members';
import { describeImportIssues } from '../../../domain/member-import-report';
import { type ImportedMember, readMemberTable } from '../../../domain/member-import';
import { messages } from '../../../domain/messages';
import { isE164, toE164 } from '../../../domain/phone';
import type { AppContext } from '../../context';
import { institutions, zones } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import { AppError, errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { findScopedInstitution } from '../desk/desk-access';
import { readMembersFile } from './member-import-file';
import { storeImportBatches } from './member-import-store';

export type ImportRequest = {
  bytes: Buffer;
  /** The church or mosque the members join; a congregation's own users may leave it out. */
  institutionId?: number;
  /**
   * Sent by the browser, which cuts a large file into batches: the SHA-256 of the whole file and
   * the line of this batch's first row in it, so every row keeps the key and line it has in the
   * whole file. A plain upload computes both itself.
   */
  importKey?: string;
  firstLine?: number;
};

/**
 * POST /api/members/import (issue 13, ADR 053): rows checked with the single form's rules, stored
 * in batches, each row under a key (its member number, else the file's hash and its line) so the
 * same file again, or the rest of a file after a dropped connection, creates nobody twice.
 * Authorization is the single add's: members:create (the route) and an active institution in scope.
 */
export async function importMembers(ctx: AppContext, caller: Caller, request: ImportRequest): Promise<MemberImportResult> {
  const db = ctx.database.db;
  const institutionId = request.institutionId ?? caller.user.institutionId;
  if (institutionId === null || institutionId === undefined) throw new AppError(400, 'institution_required', messages.importChooseInstitution);
  const institution = await findScopedInstitution(db, caller.user, institutionId);
  if (!institution || institution.status !== 'active') throw errors.forbidden();
  // A union, field or district keeps no members of its own: its users name a congregation below.
  if (!(await holdsMembers(ctx, institution.id))) throw new AppError(400, 'institution_required', messages.importChooseInstitution);

  const table = await readMembersFile(request.bytes);
  const importKey = request.importKey ?? createHash('sha256').update(request.bytes).digest('hex');
  const read = readMemberTable(table, toE164, isE164, request.firstLine ?? 2);
  if (read.missing.length > 0) throw new AppError(400, 'import_columns_missing', messages.importColumnsMissing, { columns: read.missing.join(', ') });

  const refused: MemberImportResult['refused'] = read.refused.map((line) => ({ line: line.line, message: describeImportIssues(line.issues, caller.t) }));
  const zoneIds = await zonesByName(ctx, institution.id);
  const rows: Array<ImportedMember & { zoneId: number | null }> = [];
  for (const row of read.rows) {
    const zoneId = row.zone === undefined ? null : (zoneIds.get(row.zone.toLowerCase()) ?? undefined);
    if (zoneId === undefined) refused.push({ line: row.line, message: caller.t(messages.importZoneUnknown, { zone: row.zone }) });
    else rows.push({ ...row, zoneId });
  }
  const stored = await storeImportBatches(ctx, caller, institution, importKey, rows);
  refused.push(...stored.refused);
  refused.sort((a, b) => a.line - b.line);
  return { created: stored.created, duplicates: stored.duplicates, refused };
}

async function holdsMembers(ctx: AppContext, institutionId: number): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ holds: institutionLevels.holdsMembers })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(eq(institutions.id, institutionId));
  return row?.holds ?? false;
}

async function zonesByName(ctx: AppContext, institutionId: number): Promise<Map<string, number>> {
  const rows = await ctx.database.db.select({ id: zones.id, name: zones.name }).from(zones).where(eq(zones.institutionId, institutionId));
  return new Map(rows.map((zone) => [zone.name.trim().toLowerCase(), zone.id]));
}
