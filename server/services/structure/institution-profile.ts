import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { InstitutionProfile } from '../../../domain/api/structure';
import type { Db } from '../../db/client';
import { bankAccounts, customFieldValues, institutions, signatories, zones } from '../../db/schema/institutions';
import { offeringTypes } from '../../db/schema/members';
import { customFields } from '../../db/schema/reference';
import { roleGroups, users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { executedRows } from '../desk/unnest-insert';
import { findInstitutionItem } from './institution-list';
import { ancestorsInScope } from './structure-tree';
import { countsBranchOf, last30Days, subtreeCounts } from './subtree-counts';

/**
 * The institution's profile (/entity/{id}): spec §3's fields, its signatories, accounts, users,
 * custom field values, offering types, zones and counts. Unknown and out of scope are the same 404,
 * so nothing is said about another tenant's institutions.
 */
export async function institutionProfile(db: Db, user: AuthUser, id: number, now: Date): Promise<InstitutionProfile> {
  const [row] = await db.select().from(institutions).where(and(eq(institutions.id, id), institutionScope(user)));
  if (!row) throw errors.notFound();
  const { from, to } = last30Days(now);
  const [item, ancestors, people, accounts, fields, types, zoneRows, counts, recent, owner] = await Promise.all([
    findInstitutionItem(db, id),
    ancestorsInScope(db, user, row.path, id),
    db.select({ name: signatories.name, phone: signatories.phone, email: signatories.email, document: signatories.documentUploadId }).from(signatories).where(eq(signatories.institutionId, id)).orderBy(asc(signatories.id)),
    db.select().from(bankAccounts).where(eq(bankAccounts.institutionId, id)).orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.id)),
    db
      .select({ fieldId: customFields.id, label: customFields.label, value: customFieldValues.value })
      .from(customFields)
      .leftJoin(customFieldValues, and(eq(customFieldValues.fieldId, customFields.id), eq(customFieldValues.institutionId, id)))
      .where(eq(customFields.levelId, row.levelId))
      .orderBy(desc(customFields.isDefault), asc(customFields.id)),
    db.select().from(offeringTypes).where(eq(offeringTypes.institutionId, id)).orderBy(asc(offeringTypes.title)),
    db.select({ id: zones.id, name: zones.name, parentId: zones.parentId }).from(zones).where(eq(zones.institutionId, id)).orderBy(asc(zones.name)),
    subtreeCounts(db, [{ id, path: row.path }], now, countsBranchOf(user)),
    db.execute(sql`
      select to_char(ct.starts_on, 'YYYY-MM-DD') as day, ct.currency, sum(ct.amount)::bigint as amount, sum(ct.transactions)::int as n
      from collection_totals ct join institutions d on d.id = ct.institution_id
      where d.path like ${`${row.path}%`}${user.roleKind === 'branch' ? sql` and d.branch_id = ${user.branchId ?? -1}` : sql``} and ct.period = 'day' and ct.starts_on between ${from} and ${to} and ct.status = 'completed'
      group by ct.starts_on, ct.currency order by ct.starts_on desc, ct.currency`),
    db
      .select({ id: users.id, name: users.name, username: users.username, email: users.email, phone: users.phone, status: users.status, lastLoginAt: users.lastLoginAt, roleGroup: roleGroups.name })
      .from(users)
      .innerJoin(roleGroups, eq(roleGroups.id, users.roleGroupId))
      .where(and(eq(users.institutionId, id), isNull(users.deletedAt)))
      .orderBy(asc(users.name)),
  ]);
  const mine = counts.get(id)!;
  const defaultRow = owner.find((person) => person.id === row.defaultUserId) ?? null;
  return {
    ...item,
    abbreviation: row.abbreviation,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    district: row.district,
    street: row.street,
    hasLogo: row.logoUploadId !== null,
    logoFileId: row.logoUploadId,
    referralCode: row.referralCode,
    registrationChannel: row.registrationChannel,
    createdAt: row.createdAt.toISOString(),
    ancestors,
    signatories: people.map((person) => ({ name: person.name, phone: person.phone, email: person.email, hasDocument: person.document !== null, documentFileId: person.document })),
    bankAccounts: accounts.map((account) => ({ id: account.id, accountNumber: account.accountNumber, accountName: account.accountName, currency: account.currency, status: account.status, isDefault: account.isDefault })),
    defaultUser: defaultRow && { id: defaultRow.id, name: defaultRow.name, username: defaultRow.username, email: defaultRow.email, phone: defaultRow.phone },
    users: owner.map((person) => ({ id: person.id, name: person.name, username: person.username, roleGroup: person.roleGroup, status: person.status, lastLoginAt: person.lastLoginAt?.toISOString() ?? null })),
    customFields: fields.map((field) => ({ fieldId: field.fieldId, label: field.label, value: field.value ?? null })),
    offeringTypes: types.map((type) => ({ id: type.id, title: type.title, active: type.active === 1, churchBp: type.churchBp, fieldBp: type.fieldBp, unionBp: type.unionBp })),
    zones: zoneRows,
    institutionsBelow: mine.institutionsBelow,
    memberCount: mine.members,
    collections30d: mine.collections30d,
    recentCollections: executedRows<{ day: string; currency: string; amount: string | number; n: number }>(recent).map((r) => ({ day: r.day, currency: r.currency, amount: Number(r.amount), transactions: Number(r.n) })),
  };
}
