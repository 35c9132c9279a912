import { and, count as countAll, eq } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale';
import { MEMBER_COLUMNS, type MemberColumnKey } from '../../../domain/member-columns';
import { memberExportColumns } from '../../../domain/messages-members';
import { EXPORT_MAX_ROWS } from '../../../domain/receipt-rules';
import type { Db } from '../../db/client';
import { institutions, zones } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { type Column, exportTable } from '../reports/export';
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
 * The filtered members as CSV or XLSX, headed like the import template in the caller's language
 * (so an export can be edited and imported again), plus the church or mosque. At most
 * EXPORT_MAX_ROWS rows; the headers say how many there were and how many are in the file.
 */
export async function exportMembers(db: Db, user: AuthUser, filters: MemberFilters, format: 'csv' | 'xlsx', locale: Locale, t: Translate) {
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
  let total = rows.length;
  if (rows.length > included) {
    const [counted] = await db.select({ n: countAll() }).from(members).innerJoin(institutions, eq(institutions.id, members.institutionId)).where(where);
    total = counted?.n ?? rows.length;
  }
  const columns: Array<Column<ExportRow>> = [
    ...MEMBER_COLUMNS.map((column) => ({ header: locale === 'sw' ? column.sw : column.key, value: cell[column.key] })),
    { header: t(memberExportColumns.institution), value: (row: ExportRow) => row.institutionTitle },
  ];
  const file = await exportTable({ title: 'members', columns, rows: rows.slice(0, included).map((row) => ({ ...row.member, zoneName: row.zoneName, institutionTitle: row.institutionTitle })) }, format);
  return { ...file, count: total, included };
}
