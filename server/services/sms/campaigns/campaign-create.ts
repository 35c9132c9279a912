import type { SmsCampaignCreated, SmsCampaignInput } from '../../../../domain/api/sms';
import type { Locale } from '../../../../domain/locale';
import { messages } from '../../../../domain/messages';
import { formatMoney } from '../../../../domain/money';
import { countSegments } from '../../../../domain/sms-segments';
import { renderPlaceholders } from '../../../../domain/sms-placeholders';
import type { AppContext } from '../../../context';
import { smsCampaignRecipients, smsCampaigns } from '../../../db/schema/messaging';
import { AppError } from '../../../lib/app-error';
import { logActivity } from '../../auth/activity';
import type { AuthUser } from '../../auth/auth-user';
import { requireScopedInstitution } from '../../desk/desk-access';
import { formatDay, plainSpaces } from '../../pledges/pledge-reminders';
import { enqueueCampaign } from './campaign-dispatch';
import { type Recipient, resolveRecipients } from './campaign-recipients';

export type SmsActor = { user: AuthUser; sessionId: string | null; ip: string; userAgent: string | undefined };

/** Most people one campaign reaches (a union-wide send is split per church by whoever sends it). */
export const MAX_CAMPAIGN_RECIPIENTS = 50_000;
const INSERT_BATCH = 2000;

const invalid = (path: string, descriptor: { id: string; message: string }, values: Record<string, unknown> = {}) =>
  new AppError(400, 'bad_request', messages.badRequest, {}, [{ path, descriptor, values }]);

/**
 * The institution a campaign is sent for and charged to: the one named (bank staff must name one;
 * it must be in the caller's scope), else the caller's own.
 */
export async function campaignInstitution(ctx: AppContext, user: AuthUser, named: number | undefined): Promise<{ id: number; title: string }> {
  const id = named ?? user.institutionId;
  if (id === null || id === undefined) throw invalid('institutionId', messages.smsInstitutionRequired);
  const row = await requireScopedInstitution(ctx.database.db, user, id);
  return { id, title: row.title };
}

/** The text one recipient gets: placeholders filled in their language (money and dates as they read them). */
export function renderFor(template: string, church: string, recipient: Recipient): string {
  const language: Locale = recipient.language;
  return renderPlaceholders(template, {
    name: recipient.name,
    church,
    amount: recipient.pledge ? plainSpaces(formatMoney(recipient.pledge.remaining, recipient.pledge.currency, language)) : '',
    dueDate: recipient.pledge ? formatDay(recipient.pledge.dueDay, language) : '',
  });
}

/**
 * POST /api/sms/campaigns: fixes the recipients and their texts, stores the campaign and queues its
 * dispatch (now, or at `scheduleAt`). The wallet is charged when the messages are written, one unit
 * per message; `cost` says how many units that is, `segments` how many parts the longest text takes.
 */
export async function createCampaign(ctx: AppContext, actor: SmsActor, input: SmsCampaignInput): Promise<SmsCampaignCreated> {
  const now = ctx.now();
  const scheduleAt = input.scheduleAt ? new Date(input.scheduleAt) : null;
  if (scheduleAt && scheduleAt.getTime() <= now.getTime()) throw invalid('scheduleAt', messages.smsScheduleInPast);
  const institution = await campaignInstitution(ctx, actor.user, input.institutionId);
  const raw = ctx.database.raw;
  if (input.recipients.kind === 'zone') {
    const { rows } = await raw.query('select 1 from zones where id = $1 and institution_id = $2', [input.recipients.zoneId, institution.id]);
    if (rows.length === 0) throw invalid('recipients.zoneId', messages.smsZoneUnknown);
  }
  const people = await resolveRecipients(raw, institution.id, input.recipients, now);
  if (people.length === 0) throw invalid('recipients', messages.smsNoRecipients);
  if (people.length > MAX_CAMPAIGN_RECIPIENTS) throw invalid('recipients', messages.smsTooManyRecipients, { max: MAX_CAMPAIGN_RECIPIENTS });
  const texts = people.map((person) => renderFor(input.message, institution.title, person));
  const segments = Math.max(...texts.map((text) => countSegments(text).segments));
  const detail = input.recipients.kind === 'zone' ? { zoneId: input.recipients.zoneId } : input.recipients.kind === 'pledges' ? { due: input.recipients.due } : input.recipients.kind === 'phone' ? { phone: people[0]!.phone } : {};

  // Campaign and recipients commit together; the dispatch is queued after the commit (the SMS
  // engine uses its own connection, see sms-service.ts).
  const id = await ctx.database.db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(smsCampaigns)
      .values({
        institutionId: institution.id,
        kind: input.recipients.kind,
        detail,
        message: input.message,
        recipients: people.length,
        segments,
        cost: people.length,
        scheduleAt,
        createdBy: actor.user.id,
        createdAt: now,
      })
      .returning({ id: smsCampaigns.id });
    if (!campaign) throw new Error('insert into sms_campaigns returned nothing');
    for (let start = 0; start < people.length; start += INSERT_BATCH) {
      await tx.insert(smsCampaignRecipients).values(
        people.slice(start, start + INSERT_BATCH).map((person, i) => ({
          campaignId: campaign.id,
          ord: start + i + 1,
          phone: person.phone,
          name: person.name,
          memberId: person.memberId,
          language: person.language,
          message: texts[start + i]!,
        })),
      );
    }
    await logActivity(tx, {
      userId: actor.user.id,
      sessionId: actor.sessionId,
      action: 'sms.campaign_created',
      entityType: 'sms_campaign',
      entityId: String(campaign.id),
      details: `${input.recipients.kind} ${people.length} recipients${scheduleAt ? ` at ${scheduleAt.toISOString()}` : ''}`,
      ipAddress: actor.ip,
      userAgent: actor.userAgent,
      at: now,
    });
    return campaign.id;
  });
  await enqueueCampaign(ctx.jobs, id, 'dispatch', scheduleAt);
  return { id, recipients: people.length, segments, cost: people.length };
}
