import { eq } from 'drizzle-orm';
import type { Profile } from '../../../domain/api/auth';
import { isLocale, type Locale } from '../../../domain/locale';
import { toPermissionEntries } from '../../../domain/permissions';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { bankBranches, institutionLevels, religions } from '../../db/schema/reference';
import { findUserById, loadGrants } from './load-user';

/** The profile the spec keeps in local storage (section 3); religion and level names in the caller's language. */
export async function buildProfile(db: Db, userId: number, locale: Locale): Promise<Profile | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const [institution] = user.institutionId
    ? await db
        .select({ id: institutions.id, title: institutions.title, code: institutions.code, religionId: institutions.religionId, timeZone: institutions.timeZone, level: institutionLevels.code })
        .from(institutions)
        .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
        .where(eq(institutions.id, user.institutionId))
    : [];
  const [branch] = user.branchId ? await db.select().from(bankBranches).where(eq(bankBranches.id, user.branchId)) : [];
  const religionId = user.userType === 'bank' ? user.activeReligionId : (institution?.religionId ?? null);
  const [religion] = religionId ? await db.select().from(religions).where(eq(religions.id, religionId)) : [];
  const grants = await loadGrants(db, user.roleGroupId);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    phone: user.phone,
    level: user.userType === 'bank' ? null : (institution?.level ?? null),
    branch: user.branchId,
    branchName: branch?.name ?? null,
    religionId,
    religion: religion ? (locale === 'en' ? religion.nameEn : religion.nameSw) : null,
    religionNames: religion ? { en: religion.nameEn, sw: religion.nameSw } : null,
    entity: institution?.title ?? null,
    entityId: institution?.id ?? null,
    entityCode: institution?.code ?? null,
    timeZone: institution?.timeZone ?? null,
    force_change_password: user.forceChangePassword,
    twoFactorEnabled: user.totpEnabled,
    language: isLocale(user.preferredLanguage) ? user.preferredLanguage : 'sw',
    permissions: toPermissionEntries(grants),
  };
}
