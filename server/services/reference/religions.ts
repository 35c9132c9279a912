import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Religion, ReligionInput, ReligionPatch } from '../../../domain/api/back-office-reference';
import type { AppContext } from '../../context';
import { religions } from '../../db/schema/reference';
import { errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { auditChange, uniqueOr409 } from './audit';

type Item = z.infer<typeof Religion>;
const toItem = (row: typeof religions.$inferSelect): Item => ({ id: row.id, code: row.code, nameEn: row.nameEn, nameSw: row.nameSw });

export async function listReligionDetails(ctx: AppContext): Promise<{ data: Item[] }> {
  return { data: (await ctx.database.db.select().from(religions).orderBy(asc(religions.id))).map(toItem) };
}

export async function createReligion(ctx: AppContext, caller: Caller, input: z.output<typeof ReligionInput>): Promise<Item> {
  const [row] = await uniqueOr409(caller, () => ctx.database.db.insert(religions).values({ ...input, createdAt: ctx.now() }).returning(), 'code');
  await auditChange(ctx, caller, 'religion.created', 'religion', row!.id, input.code);
  return toItem(row!);
}

export async function updateReligion(ctx: AppContext, caller: Caller, id: number, input: z.output<typeof ReligionPatch>): Promise<Item> {
  const [row] = await ctx.database.db.update(religions).set(input).where(eq(religions.id, id)).returning();
  if (!row) throw errors.notFound();
  await auditChange(ctx, caller, 'religion.updated', 'religion', id, Object.keys(input).join(','));
  return toItem(row);
}
