import { randomInt } from 'node:crypto';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Referrer, ReferrerInput, ReferrerQuery } from '../../../domain/api/back-office-reference';
import type { AppContext } from '../../context';
import { referrers } from '../../db/schema/institutions';
import type { Caller } from '../approvals/decide-request';
import { escapeLike } from '../shell/like';
import { auditChange, uniqueOr409 } from './audit';

type Item = z.infer<typeof Referrer>;
const toItem = (r: typeof referrers.$inferSelect): Item => ({
  id: r.id,
  kind: r.kind === 'staff' ? 'staff' : 'freelancer',
  name: r.name,
  employeeNo: r.employeeNo,
  phone: r.phone,
  referralCode: r.referralCode,
  branchId: r.branchId,
  createdAt: r.createdAt.toISOString(),
});

export async function listReferrers(ctx: AppContext, query: z.output<typeof ReferrerQuery>): Promise<{ data: Item[] }> {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(referrers.kind, query.kind));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(referrers.name, like), ilike(referrers.referralCode, like), ilike(referrers.employeeNo, like), ilike(referrers.phone, like))!);
  }
  const rows = await ctx.database.db.select().from(referrers).where(and(...conditions)).orderBy(asc(referrers.referralCode));
  return { data: rows.map(toItem) };
}

/** Staff by employee number, freelancers by phone; a referral code is generated when none is given. */
export async function createReferrer(ctx: AppContext, caller: Caller, input: z.output<typeof ReferrerInput>): Promise<Item> {
  const code = input.referralCode ?? `REF${randomInt(100_000, 1_000_000)}`;
  const [row] = await uniqueOr409(
    caller,
    () =>
      ctx.database.db
        .insert(referrers)
        .values({
          kind: input.kind,
          name: input.name,
          employeeNo: input.kind === 'staff' ? (input.employeeNo ?? null) : null,
          phone: input.kind === 'freelancer' ? (input.phone ?? null) : null,
          referralCode: code,
          branchId: input.branchId,
          createdAt: ctx.now(),
        })
        .returning(),
    'referralCode',
  );
  await auditChange(ctx, caller, 'referrer.created', 'referrer', row!.id, code);
  return toItem(row!);
}
