import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { GivingInstitution, KnownGiver } from '../../../domain/api/payments';
import { maskName } from '../../../domain/api/payments';
import type { Locale } from '../../../domain/locale';
import type { Db } from '../../db/client';
import { bankAccounts, institutions } from '../../db/schema/institutions';
import { members, offeringTypes } from '../../db/schema/members';
import { institutionLevels, religions } from '../../db/schema/reference';
import { likePrefix } from '../shell/like';

/**
 * The public giving page's look-ups. They answer strangers, so they say as little as works: a
 * partly masked name and the church for a known phone, and for churches only what giving needs
 * (offering types, whether a bank account exists) — never members, balances or people.
 */

const MAX_MATCHES = 10;

export async function lookupGiver(db: Db, phone: string): Promise<KnownGiver[]> {
  const rows = await db
    .select({
      memberId: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      language: members.preferredLanguage,
      institutionId: institutions.id,
      title: institutions.title,
      code: institutions.code,
    })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(eq(members.phone, phone), isNull(members.deletedAt), eq(institutions.status, 'active')))
    .orderBy(asc(members.id))
    .limit(5);
  return rows.map((row) => ({
    memberId: row.memberId,
    maskedName: maskName(row.firstName, row.lastName),
    preferredLanguage: row.language === 'en' ? 'en' : 'sw',
    institution: { id: row.institutionId, title: row.title, code: row.code },
  }));
}

async function describe(db: Db, rows: Array<{ id: number; title: string; code: string; religionEn: string; religionSw: string }>, locale: Locale): Promise<GivingInstitution[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const types = await db
    .select({ id: offeringTypes.id, institutionId: offeringTypes.institutionId, title: offeringTypes.title })
    .from(offeringTypes)
    .where(and(inArray(offeringTypes.institutionId, ids), eq(offeringTypes.active, 1)))
    .orderBy(asc(offeringTypes.id));
  const accounts = await db
    .select({ institutionId: bankAccounts.institutionId })
    .from(bankAccounts)
    .where(and(inArray(bankAccounts.institutionId, ids), eq(bankAccounts.status, 'activated')));
  const withAccount = new Set(accounts.map((account) => account.institutionId));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    code: row.code,
    religion: locale === 'en' ? row.religionEn : row.religionSw,
    offeringTypes: types.filter((type) => type.institutionId === row.id).map((type) => ({ id: type.id, title: type.title })),
    hasBankAccount: withAccount.has(row.id),
  }));
}

function congregations(db: Db) {
  return db
    .select({ id: institutions.id, title: institutions.title, code: institutions.code, religionEn: religions.nameEn, religionSw: religions.nameSw })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .innerJoin(religions, eq(religions.id, institutions.religionId));
}

/** Active churches and mosques (the levels that hold members) whose name contains, or whose code starts with, the search. */
export async function searchGivingInstitutions(db: Db, search: string, locale: Locale): Promise<GivingInstitution[]> {
  const needle = search.trim().toLowerCase();
  const rows = await congregations(db)
    .where(
      and(
        eq(institutions.status, 'active'),
        eq(institutionLevels.holdsMembers, true),
        or(sql`lower(${institutions.title}) like ${likePrefix(needle, true)}`, sql`lower(${institutions.code}) like ${likePrefix(needle)}`),
      ),
    )
    .orderBy(sql`lower(${institutions.code}) = ${needle} desc`, asc(institutions.title))
    .limit(MAX_MATCHES);
  return describe(db, rows, locale);
}

export async function givingInstitution(db: Db, id: number, locale: Locale): Promise<GivingInstitution | null> {
  const rows = await congregations(db).where(and(eq(institutions.id, id), eq(institutions.status, 'active')));
  return (await describe(db, rows, locale))[0] ?? null;
}
