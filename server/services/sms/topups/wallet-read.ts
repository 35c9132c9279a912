import { and, eq } from 'drizzle-orm';
import type { SmsWallet } from '../../../../domain/api/sms-topups';
import type { AppContext } from '../../../context';
import { institutions } from '../../../db/schema/institutions';
import { errors } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/auth-user';
import { institutionScope } from '../../auth/scope';

/** Spec §6: SMS usage is shown to bank staff (no level) and union-level users only. */
export function seesSmsBalance(user: AuthUser): boolean {
  return user.userType === 'bank' || user.roleKind === 'union';
}

/** One institution's wallet, for the composer's cost line and the top-up form (404 outside the scope). */
export async function readWallet(ctx: AppContext, user: AuthUser, institutionId: number): Promise<SmsWallet> {
  if (!seesSmsBalance(user)) throw errors.forbidden();
  const [row] = await ctx.database.db
    .select({ institutionId: institutions.id, title: institutions.title, smsLeft: institutions.smsLeft, smsCap: institutions.smsCap })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), institutionScope(user)));
  if (!row) throw errors.notFound();
  return row;
}
