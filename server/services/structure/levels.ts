import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Level, LevelInput, LevelRename, LevelReorder } from '../../../domain/api/structure';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { customFields, institutionLevels, religions } from '../../db/schema/reference';
import { AppError, errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import type { AuthUser } from '../auth/auth-user';
import { executedRows } from '../desk/unnest-insert';
import { auditChange, uniqueOr409 } from '../reference/audit';

type LevelRow = typeof institutionLevels.$inferSelect;

/** The label every new level's default field starts with (a bank admin may relabel it). */
export const DEFAULT_FIELD_LABEL = 'Registration number';

/**
 * Levels of one religion, top first, with how many institutions each holds. Entity users read only
 * their own religion's; bank staff any (the religion selector decides which the screen shows).
 */
export async function listLevels(db: Db, user: AuthUser, religionId: number | undefined): Promise<Level[]> {
  const religion = user.userType === 'entity' ? user.religionId : (religionId ?? user.religionId);
  const counts = db.select({ levelId: institutions.levelId, n: count().as('n') }).from(institutions).groupBy(institutions.levelId).as('level_counts');
  const rows = await db
    .select({ level: institutionLevels, n: counts.n })
    .from(institutionLevels)
    .leftJoin(counts, eq(counts.levelId, institutionLevels.id))
    .where(religion === null ? undefined : eq(institutionLevels.religionId, religion))
    .orderBy(asc(institutionLevels.religionId), asc(institutionLevels.rank));
  return rows.map((row) => toLevel(row.level, Number(row.n ?? 0)));
}

/** A new level goes below the lowest one; it starts with its default custom field. */
export async function createLevel(ctx: AppContext, caller: Caller, input: z.output<typeof LevelInput>): Promise<Level> {
  const db = ctx.database.db;
  const [religion] = await db.select({ id: religions.id }).from(religions).where(eq(religions.id, input.religionId));
  if (!religion) throw errors.badRequest();
  const row = await uniqueOr409(
    caller,
    () =>
      db.transaction(async (tx) => {
        const [last] = await tx.select({ rank: max(institutionLevels.rank) }).from(institutionLevels).where(eq(institutionLevels.religionId, input.religionId));
        const [level] = await tx
          .insert(institutionLevels)
          .values({ religionId: input.religionId, rank: (last?.rank ?? 0) + 1, code: input.code, nameEn: input.nameEn, nameSw: input.nameSw, holdsMembers: input.holdsMembers ?? false })
          .returning();
        await tx.insert(customFields).values({ religionId: input.religionId, levelId: level!.id, label: DEFAULT_FIELD_LABEL, dataType: 'text', maxChars: 40, isDefault: true, createdAt: ctx.now() });
        return level!;
      }),
    'levelCode',
  );
  await auditChange(ctx, caller, 'level.created', 'level', row.id, input.code);
  return toLevel(row, 0);
}

export async function renameLevel(ctx: AppContext, caller: Caller, levelId: number, input: z.output<typeof LevelRename>): Promise<Level> {
  const db = ctx.database.db;
  const [row] = await db.update(institutionLevels).set({ nameEn: input.nameEn, nameSw: input.nameSw }).where(eq(institutionLevels.id, levelId)).returning();
  if (!row) throw errors.notFound();
  await auditChange(ctx, caller, 'level.renamed', 'level', levelId, `${input.nameEn} / ${input.nameSw}`);
  return toLevel(row, await institutionCount(db, levelId));
}

/**
 * Puts a religion's levels in a new order. Every level must be named once; and no institution may
 * end up at or above its parent's level, which would turn the tree upside down.
 */
export async function reorderLevels(ctx: AppContext, caller: Caller, input: z.output<typeof LevelReorder>): Promise<Level[]> {
  const db = ctx.database.db;
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: institutionLevels.id }).from(institutionLevels).where(eq(institutionLevels.religionId, input.religionId));
    const known = new Set(current.map((level) => level.id));
    const named = new Set(input.levelIds);
    if (current.length === 0 || named.size !== input.levelIds.length || named.size !== known.size || input.levelIds.some((id) => !known.has(id))) {
      throw errors.badRequest();
    }
    // Two passes so the unique (religion, rank) never sees two levels on one rank mid-way.
    await tx
      .update(institutionLevels)
      .set({ rank: sql`-${institutionLevels.rank}` })
      .where(eq(institutionLevels.religionId, input.religionId));
    for (const [index, id] of input.levelIds.entries()) await tx.update(institutionLevels).set({ rank: index + 1 }).where(eq(institutionLevels.id, id));
    const upsideDown = await tx.execute(sql`
      select 1 from institutions child
      join institutions parent on parent.id = child.parent_id
      join institution_levels cl on cl.id = child.level_id
      join institution_levels pl on pl.id = parent.level_id
      where child.religion_id = ${input.religionId} and pl.rank >= cl.rank
      limit 1`);
    if (executedRows(upsideDown).length > 0) throw new AppError(409, 'level_order', messages.levelOrder);
  });
  await auditChange(ctx, caller, 'level.reordered', 'religion', input.religionId, input.levelIds.join(','));
  return listLevels(db, caller.user, input.religionId);
}

/** A level that holds institutions stays; an empty one goes with its custom fields, and the ranks close up. */
export async function deleteLevel(ctx: AppContext, caller: Caller, levelId: number): Promise<void> {
  const db = ctx.database.db;
  const [level] = await db.select().from(institutionLevels).where(eq(institutionLevels.id, levelId));
  if (!level) throw errors.notFound();
  await db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(institutions).where(eq(institutions.levelId, levelId));
    const n = Number(held?.n ?? 0);
    if (n > 0) throw new AppError(409, 'level_in_use', messages.levelInUse, { count: n });
    await tx.delete(customFields).where(eq(customFields.levelId, levelId));
    await tx.delete(institutionLevels).where(eq(institutionLevels.id, levelId));
    await tx
      .update(institutionLevels)
      .set({ rank: sql`-${institutionLevels.rank}` })
      .where(and(eq(institutionLevels.religionId, level.religionId), sql`${institutionLevels.rank} > ${level.rank}`));
    await tx
      .update(institutionLevels)
      .set({ rank: sql`-${institutionLevels.rank} - 1` })
      .where(and(eq(institutionLevels.religionId, level.religionId), sql`${institutionLevels.rank} < 0`));
  });
  await auditChange(ctx, caller, 'level.deleted', 'level', levelId, level.code);
}

async function institutionCount(db: Db, levelId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(institutions).where(eq(institutions.levelId, levelId));
  return Number(row?.n ?? 0);
}

function toLevel(row: LevelRow, institutionCount: number): Level {
  return { id: row.id, religionId: row.religionId, rank: row.rank, code: row.code, nameEn: row.nameEn, nameSw: row.nameSw, holdsMembers: row.holdsMembers, institutionCount };
}
