import { and, eq, isNull } from 'drizzle-orm';
import { dayStart } from '../../../domain/calendar';
import type { CampaignInput, PledgeCreated, PledgeInput } from '../../../domain/api/pledges';
import { messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members, offeringTypes, pledgeCampaigns, pledges } from '../../db/schema/members';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from '../desk/desk-access';

export type Actor = { user: AuthUser; sessionId: string; ip: string; userAgent: string | undefined };

const invalid = (path: string, descriptor: { id: string; message: string }) =>
  new AppError(400, 'bad_request', messages.badRequest, {}, [{ path, descriptor }]);

/**
 * Records a pledge for a member the caller's scope covers, in that member's institution, due at the
 * start of its day in the institution's zone. Paid starts at 0: only money received later counts
 * (the allocation triggers), so a receipt recorded before the pledge does not.
 */
export async function createPledge(db: Db, actor: Actor, input: PledgeInput, now: Date): Promise<PledgeCreated> {
  const [member] = await db
    .select({ id: members.id, institutionId: members.institutionId, zone: institutions.timeZone })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(eq(members.id, input.memberId), isNull(members.deletedAt), institutionScope(actor.user)));
  if (!member) throw invalid('memberId', messages.pledgeMemberUnknown);
  const [type] = await db
    .select({ id: offeringTypes.id })
    .from(offeringTypes)
    .where(and(eq(offeringTypes.id, input.offeringTypeId), eq(offeringTypes.institutionId, member.institutionId), eq(offeringTypes.active, 1)));
  if (!type) throw invalid('offeringTypeId', messages.pledgeOfferingTypeUnknown);
  if (input.campaignId !== undefined) {
    const [campaign] = await db
      .select({ id: pledgeCampaigns.id })
      .from(pledgeCampaigns)
      .where(and(eq(pledgeCampaigns.id, input.campaignId), eq(pledgeCampaigns.institutionId, member.institutionId)));
    if (!campaign) throw invalid('campaignId', messages.pledgeCampaignUnknown);
  }
  const [row] = await db
    .insert(pledges)
    .values({
      institutionId: member.institutionId,
      memberId: member.id,
      offeringTypeId: type.id,
      campaignId: input.campaignId ?? null,
      total: input.total,
      dueDate: dayStart(input.dueDate, member.zone),
      paymentMethod: input.paymentMethod ?? null,
      note: input.note || null,
      createdBy: actor.user.id,
      createdAt: now,
    })
    .returning({ id: pledges.id, total: pledges.total, paid: pledges.paid });
  if (!row) throw new Error('insert into pledges returned no row');
  await logActivity(db, {
    userId: actor.user.id,
    sessionId: actor.sessionId,
    action: 'pledge.created',
    entityType: 'pledge',
    entityId: String(row.id),
    details: `member ${member.id} total ${input.total} due ${input.dueDate}`,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
    at: now,
  });
  return { id: row.id, total: row.total, paid: row.paid, remaining: row.total - row.paid, dueDate: input.dueDate };
}

/** A pledge campaign of one institution: the caller's own, or one their scope covers when named. */
export async function createCampaign(db: Db, actor: Actor, input: CampaignInput, now: Date): Promise<{ id: number }> {
  const institutionId = input.institutionId ?? actor.user.institutionId;
  if (institutionId === null) throw invalid('institutionId', messages.fieldRequiredInstitution);
  const institution = await requireScopedInstitution(db, actor.user, institutionId);
  const [zone] = await db.select({ zone: institutions.timeZone }).from(institutions).where(eq(institutions.id, institution.id));
  if (input.offeringTypeId !== undefined) {
    const [type] = await db
      .select({ id: offeringTypes.id })
      .from(offeringTypes)
      .where(and(eq(offeringTypes.id, input.offeringTypeId), eq(offeringTypes.institutionId, institution.id)));
    if (!type) throw invalid('offeringTypeId', messages.pledgeOfferingTypeUnknown);
  }
  const [row] = await db
    .insert(pledgeCampaigns)
    .values({
      institutionId: institution.id,
      name: input.name,
      target: input.target,
      offeringTypeId: input.offeringTypeId ?? null,
      endsOn: input.endsOn ? dayStart(input.endsOn, zone?.zone) : null,
      createdBy: actor.user.id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: pledgeCampaigns.id });
  if (!row) throw new AppError(409, 'campaign_exists', messages.pledgeCampaignExists);
  return row;
}
