import type { AppContext } from '../../../context';
import { logActivity } from '../../auth/activity';
import { claimFailed, enqueueCampaign } from './campaign-dispatch';
import type { SmsActor } from './campaign-create';
import { loadCampaign } from './campaign-read';

/**
 * POST /api/sms/campaigns/{id}/resend-failed: every recipient whose current message failed gets a
 * new message (a new id claimed in one UPDATE, so a second press finds them no longer failed and
 * resends nothing), written and charged by the campaign's dispatch job.
 */
export async function resendFailed(ctx: AppContext, actor: SmsActor, id: number): Promise<{ resent: number }> {
  await loadCampaign(ctx, actor.user, id);
  const ords = await claimFailed(ctx.database.raw, id);
  if (ords.length === 0) return { resent: 0 };
  const now = ctx.now();
  await enqueueCampaign(ctx.jobs, id, `resend:${now.toISOString()}:${ords.join(',')}`.slice(0, 500), null);
  await logActivity(ctx.database.db, {
    userId: actor.user.id,
    sessionId: actor.sessionId,
    action: 'sms.campaign_resent',
    entityType: 'sms_campaign',
    entityId: String(id),
    details: `${ords.length} failed resent`,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
    at: now,
  });
  return { resent: ords.length };
}
