import { and, count as countAll, eq } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale';
import { MEMBER_COLUMNS, type MemberColumnKey } from '../../../domain/member-columns';
import { memberExportColumns } from '../../../domain/messages-members';
import { EXPORT_MAX_ROWS } from '../../../domain/receipt-rules';
import type { Db } from '../../db/client';
import { institutions, zones } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
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

/**
 * The filtered (or chosen) members through the one export writer (formula-safe cells), headed
 * like the import template in the caller's language so an export can be edited and imported
 * again, plus the church or mosque. At most EXPORT_MAX_ROWS rows; the answer's headers say how
 * many matched and how many are in the file (no closing line: the importer would read it as a member).
 */
export async function exportMembers(db: Db, user: AuthUser, filters: MemberFilters, format: 'csv' | 'xlsx', locale: Locale, t: Translate, today: string): Promise<ExportFile> {
  const where = and(...(await memberFilterConditions(db, user, filters)));
  const rows = await db
    .select({ member: members, zoneName: zones.name, institutionTitle: institutions.title })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .leftJoin(zones, eq(zones.id, members.zoneId))
    .where(where)
    .orderBy(memberNameKey, members.id)
    .limit(EXPORT_MAX_ROWS + 1);
  const included = Math.min(rows.length, EXPORT_MAX_ROWS);
  let count = rows.length;
  if (rows.length > included) {
    const [counted] = await db.select({ n: countAll() }).from(members).innerJoin(institutions, eq(institutions.id, members.institutionId)).where(where);
    count = counted?.n ?? rows.length;
  }
  const columns: Array<ExportColumn<ExportRow>> = [
    ...MEMBER_COLUMNS.map((column) => ({ header: locale === 'sw' ? column.sw : column.key, value: cell[column.key] })),
    { header: t(memberExportColumns.institution), value: (row: ExportRow) => row.institutionTitle },
  ];
  const file = await writeExport(
    { title: 'members', columns, rows: rows.slice(0, included).map((row) => ({ ...row.member, zoneName: row.zoneName, institutionTitle: row.institutionTitle })) },
    format,
  );
  return { body: file.body, contentType: file.contentType, filename: `members-${today}.${file.extension}`, count, included };
}
