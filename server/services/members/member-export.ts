import { and, count as countAll, eq, type SQL, sql } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale';
import { MEMBER_COLUMNS, type MemberColumnKey } from '../../../domain/member-columns';
import { memberExportColumns } from '../../../domain/messages-members';
import type { Db } from '../../db/client';
import { institutions, zones } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { inKeysetBatches } from '../../lib/export/batches';
import { type ExportColumn, writeExport } from '../../lib/export/export-writer';
import type { ExportFile } from '../../lib/export/send-export';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { type MemberFilters, memberFilterConditions } from './member-list';
import { memberNameKey } from './member-search';

type ExportRow = typeof members.$inferSelect & { zoneName: string | null; institutionTitle: string };

const cell: Record<MemberColumnKey, (row: ExportRow) => string | null> = {
  firstName: (row) => row.firstName,
  lastName: (row) => row.lastName,
  phone: (row) => row.phone,
  gender: (row) => row.gender,
  country: (row) => row.country,
  email: (row) => row.email,
  language: (row) => row.preferredLanguage,
  zone: (row) => row.zoneName,
  addressOne: (row) => row.addressOne,
  city: (row) => row.city,
  state: (row) => row.state,
  postalCode: (row) => row.postalCode,
  code: (row) => row.code,
};

type Key = { name: string; id: number };

/** Members after `after` in the list's order (lower-case name, id), each with its key. */
function membersAfter(db: Db, where: SQL | undefined, after: Key | null, limit: number) {
  return db
    .select({ member: members, zoneName: zones.name, institutionTitle: institutions.title, nameKey: memberNameKey })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .leftJoin(zones, eq(zones.id, members.zoneId))
    .where(after ? and(where, sql`(${memberNameKey}, ${members.id}) > (${after.name}, ${after.id}::integer)`) : where)
    .orderBy(memberNameKey, members.id)
    .limit(limit);
}

/**
 * The filtered (or chosen) members through the one export writer (formula-safe cells), headed
 * like the import template in the caller's language so an export can be edited and imported
 * again, plus the church or mosque (no closing line: the importer would read it as a member).
 * Every matching member in name order, streamed (ADR 060): `batchRows` at a time after the last
 * (name, id) seen; the count goes ahead in the answer's headers.
 */
export async function exportMembers(db: Db, user: AuthUser, filters: MemberFilters, format: 'csv' | 'xlsx', locale: Locale, t: Translate, today: string, batchRows: number): Promise<ExportFile> {
  const where = and(...(await memberFilterConditions(db, user, filters)));
  const [counted] = await db.select({ n: countAll() }).from(members).innerJoin(institutions, eq(institutions.id, members.institutionId)).where(where);
  const count = counted?.n ?? 0;
  const rows = (async function* (): AsyncGenerator<ExportRow> {
    const keyed = inKeysetBatches((after: Key | null, limit) => membersAfter(db, where, after, limit), (row) => ({ name: row.nameKey, id: row.member.id }), batchRows);
    for await (const row of keyed) yield { ...row.member, zoneName: row.zoneName, institutionTitle: row.institutionTitle };
  })();
  const columns: Array<ExportColumn<ExportRow>> = [
    ...MEMBER_COLUMNS.map((column) => ({ header: locale === 'sw' ? column.sw : column.key, value: cell[column.key] })),
    { header: t(memberExportColumns.institution), value: (row: ExportRow) => row.institutionTitle },
  ];
  const file = await writeExport({ title: 'members', columns, rows }, format);
  return { body: file.body, contentType: file.contentType, filename: `members-${today}.${file.extension}`, count, included: count };
}
