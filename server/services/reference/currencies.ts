import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CurrencyDetails, CurrencyInput, CurrencyPatch } from '../../../domain/api/back-office-reference';
import type { AppContext } from '../../context';
import { currencies } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { auditChange, uniqueOr409 } from './audit';

/** "2585.5" → "2585.5000": values travel as strings with exactly 4 decimals, never through a float. */
export function fourDecimals(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(4, '0').slice(0, 4)}`;
}

async function load(ctx: AppContext, id?: number): Promise<CurrencyDetails[]> {
  const query = ctx.database.db
    .select({ currency: currencies, setBy: users.name })
    .from(currencies)
    .leftJoin(users, eq(users.id, currencies.valueSetBy))
    .orderBy(asc(currencies.alphaCode));
  const rows = id === undefined ? await query : await query.where(eq(currencies.id, id));
  return rows.map(({ currency: c, setBy }) => ({
    id: c.id,
    territory: c.territory,
    alphaCode: c.alphaCode,
    numericCode: c.numericCode,
    value: fourDecimals(c.value),
    valueSetById: c.valueSetBy,
    valueSetBy: setBy,
    valueSetAt: c.valueSetAt.toISOString(),
    active: c.active,
  }));
}

export async function listCurrencyDetails(ctx: AppContext): Promise<{ data: CurrencyDetails[] }> {
  return { data: await load(ctx) };
}

export async function createCurrency(ctx: AppContext, caller: Caller, input: z.output<typeof CurrencyInput>): Promise<CurrencyDetails> {
  const [row] = await uniqueOr409(
    caller,
    () => ctx.database.db.insert(currencies).values({ ...input, value: fourDecimals(input.value), valueSetBy: caller.user.id, valueSetAt: ctx.now() }).returning(),
    'alphaCode',
  );
  await auditChange(ctx, caller, 'currency.created', 'currency', row!.id, `${input.alphaCode} ${fourDecimals(input.value)}`);
  return (await load(ctx, row!.id))[0]!;
}

/** A new value records who set it and when; the territory or the active flag change alone keep the old stamp. */
export async function updateCurrency(ctx: AppContext, caller: Caller, id: number, input: z.output<typeof CurrencyPatch>): Promise<CurrencyDetails> {
  const { value, ...rest } = input;
  const [row] = await ctx.database.db
    .update(currencies)
    .set({ ...rest, ...(value === undefined ? {} : { value: fourDecimals(value), valueSetBy: caller.user.id, valueSetAt: ctx.now() }) })
    .where(eq(currencies.id, id))
    .returning();
  if (!row) throw errors.notFound();
  await auditChange(ctx, caller, 'currency.updated', 'currency', id, value === undefined ? Object.keys(rest).join(',') : `value ${fourDecimals(value)}`);
  return (await load(ctx, id))[0]!;
}
