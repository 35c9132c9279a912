import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Branch, BranchInput, BranchPatch } from '../../../domain/api/back-office-reference';
import type { AppContext } from '../../context';
import { bankBranches } from '../../db/schema/reference';
import { errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { auditChange, uniqueOr409 } from './audit';

type Row = typeof bankBranches.$inferSelect;
const toBranch = (row: Row): Branch => ({ id: row.id, name: row.name, shortCode: row.shortCode, region: row.region, createdAt: row.createdAt.toISOString() });

export async function listBranches(ctx: AppContext): Promise<{ data: Branch[] }> {
  return { data: (await ctx.database.db.select().from(bankBranches).orderBy(asc(bankBranches.name))).map(toBranch) };
}

export async function createBranch(ctx: AppContext, caller: Caller, input: z.output<typeof BranchInput>): Promise<Branch> {
  const [row] = await uniqueOr409(caller, () => ctx.database.db.insert(bankBranches).values({ ...input, createdAt: ctx.now() }).returning(), 'shortCode');
  await auditChange(ctx, caller, 'branch.created', 'branch', row!.id, input.shortCode);
  return toBranch(row!);
}

export async function updateBranch(ctx: AppContext, caller: Caller, id: number, input: z.output<typeof BranchPatch>): Promise<Branch> {
  const [row] = await uniqueOr409(caller, () => ctx.database.db.update(bankBranches).set(input).where(eq(bankBranches.id, id)).returning(), 'shortCode');
  if (!row) throw errors.notFound();
  await auditChange(ctx, caller, 'branch.updated', 'branch', id, Object.keys(input).join(','));
  return toBranch(row);
}
