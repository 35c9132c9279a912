import { asc, eq } from 'drizzle-orm';
import type { ReligionItem } from '../../../domain/api/shell';
import type { Locale } from '../../../domain/locale';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { religions } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import type { RequestAuth } from '../auth/auth-user';

/** Bank staff choose among every religion; an entity user only ever sees their own. */
export async function listReligions(ctx: AppContext, auth: RequestAuth, locale: Locale): Promise<ReligionItem[]> {
  // Reference data read on every page load: served from memory, emptied when the table changes (ADR 063).
  const all = await ctx.caches.religions.read('all', () => ctx.database.db.select().from(religions).orderBy(asc(religions.id)));
  const rows = auth.user.userType === 'bank' ? all : all.filter((row) => row.id === auth.user.religionId);
  return rows.map((row) => ({ value: row.id, text: locale === 'en' ? row.nameEn : row.nameSw }));
}

/** The admin's working religion: it scopes every list and count they see afterwards. */
export async function setActiveReligion(ctx: AppContext, auth: RequestAuth, religionId: number, ip: string): Promise<{ religionId: number }> {
  const db = ctx.database.db;
  const [religion] = await db.select({ id: religions.id }).from(religions).where(eq(religions.id, religionId));
  if (!religion) throw errors.notFound();
  await db.update(users).set({ activeReligionId: religion.id }).where(eq(users.id, auth.user.id));
  await logActivity(db, { userId: auth.user.id, sessionId: auth.sessionId, action: 'religion.set', entityType: 'religion', entityId: String(religion.id), ipAddress: ip, at: ctx.now() });
  return { religionId: religion.id };
}

/** 1 when the caller's institution manages its own offering types (spec: getEntityTypeCount). */
export async function entityManagesOfferings(ctx: AppContext, auth: RequestAuth): Promise<{ value: number }> {
  if (auth.user.institutionId === null) return { value: 0 };
  const [row] = await ctx.database.db
    .select({ self: institutions.selfManageOfferings })
    .from(institutions)
    .where(eq(institutions.id, auth.user.institutionId));
  return { value: row?.self ? 1 : 0 };
}
