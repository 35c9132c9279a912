import { asc, desc, eq } from 'drizzle-orm';
import type { RegistrationOptions } from '../../../domain/api/back-office-registration';
import type { Locale } from '../../../domain/locale';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { customFields, institutionLevels, religions } from '../../db/schema/reference';
import { toCustomField } from '../structure/custom-fields';

/** What the public form offers: religions, their levels, and the active institutions that can be a parent. */
export async function registrationOptions(ctx: AppContext, locale: Locale): Promise<RegistrationOptions> {
  const db = ctx.database.db;
  const religionRows = await db.select().from(religions).orderBy(asc(religions.id));
  const levelRows = await db.select().from(institutionLevels).orderBy(asc(institutionLevels.religionId), asc(institutionLevels.rank));
  const parents = await db
    .select({ id: institutions.id, title: institutions.title, levelId: institutions.levelId, religionId: institutions.religionId, holdsMembers: institutionLevels.holdsMembers })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(eq(institutions.status, 'active'))
    .orderBy(asc(institutions.title));
  const fields = await db.select().from(customFields).orderBy(asc(customFields.levelId), desc(customFields.isDefault), asc(customFields.id));
  return {
    religions: religionRows.map((r) => ({ id: r.id, name: locale === 'sw' ? r.nameSw : r.nameEn })),
    levels: levelRows.map((l) => ({ id: l.id, religionId: l.religionId, rank: l.rank, name: locale === 'sw' ? l.nameSw : l.nameEn, holdsMembers: l.holdsMembers })),
    // Congregations have no children, so they are never offered as a parent.
    parents: parents.filter((p) => !p.holdsMembers).map(({ holdsMembers: _unused, ...p }) => p),
    customFields: fields.map(toCustomField).map(({ isDefault: _unused, ...field }) => field),
  };
}
