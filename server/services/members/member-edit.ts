import { eq } from 'drizzle-orm';
import type { MemberUpdate } from '../../../domain/api/members';
import type { AppContext } from '../../context';
import { members } from '../../db/schema/members';
import type { Caller } from '../approvals/decide-request';
import { auditChange } from '../reference/audit';
import { requireScopedMember } from './member-scope';

/** Profile edit; the phone and zone have their own paths (an SMS code; a move). */
export async function updateMember(ctx: AppContext, caller: Caller, id: number, changes: MemberUpdate): Promise<void> {
  const member = await requireScopedMember(ctx.database.db, caller.user, id);
  const fields = Object.keys(changes);
  if (fields.length === 0) return;
  await ctx.database.db.update(members).set(changes).where(eq(members.id, member.id));
  await auditChange(ctx, caller, 'member.updated', 'member', member.id, fields.join(','));
}
