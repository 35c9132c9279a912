import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Currency, OfferingType } from '../../../domain/api/receipts';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { offeringTypes } from '../../db/schema/members';
import { currencies } from '../../db/schema/reference';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from './desk-access';

/**
 * Active offering types with their divisions: of one institution (checked against the caller's
 * scope), or, without one, of every institution the caller sees (a treasurer's church; a union's
 * churches), so a device caches exactly what it may record against.
 */
export async function listOfferingTypes(db: Db, user: AuthUser, institutionId: number | undefined): Promise<OfferingType[]> {
  let where: SQL | undefined;
  if (institutionId !== undefined) {
    await requireScopedInstitution(db, user, institutionId);
    where = eq(offeringTypes.institutionId, institutionId);
  } else {
    where = institutionScope(user);
  }
  return db
    .select({
      id: offeringTypes.id,
      institutionId: offeringTypes.institutionId,
      title: offeringTypes.title,
      churchBp: offeringTypes.churchBp,
      fieldBp: offeringTypes.fieldBp,
      unionBp: offeringTypes.unionBp,
    })
    .from(offeringTypes)
    .innerJoin(institutions, eq(institutions.id, offeringTypes.institutionId))
    .where(and(where, eq(offeringTypes.active, 1)))
    .orderBy(asc(offeringTypes.institutionId), asc(offeringTypes.id));
}

/** The currencies a receipt may be recorded in. */
export async function listCurrencies(db: Db): Promise<Currency[]> {
  return db
    .select({ code: currencies.alphaCode, numericCode: currencies.numericCode, territory: currencies.territory, value: currencies.value })
    .from(currencies)
    .where(eq(currencies.active, true))
    .orderBy(asc(currencies.alphaCode));
}
