import type { SmsCampaignDetail, SmsCampaignPage, SmsCampaignRow, SmsFailedPage, SmsRecipientStatus, SmsStatusCounts } from '../../../../domain/api/sms';
import { SMS_RECIPIENT_STATUSES } from '../../../../domain/api/sms';
import type { AppContext } from '../../../context';
import { errors } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/auth-user';
import { institutionScope } from '../../auth/scope';
import { requireScopedInstitution } from '../../desk/desk-access';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Most recipients one detail answer lists (the counts always cover all of them). */
export const DETAIL_RECIPIENTS = 2000;
const dialect = new PgDialect();

/** The caller's scope as SQL text on `institutions` with its parameters numbered from `from`. */
function scopeSql(user: AuthUser, from: number): { text: string; params: unknown[] } {
  const query = dialect.sqlToQuery(institutionScope(user));
  // The queries below join `institutions` unaliased, as the condition names it.
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + from - 1}`);
  return { text, params: query.params };
}

const CAMPAIGN_COLUMNS = `
  c.id, c.institution_id, institutions.title as institution, c.kind, c.detail, c.message, c.recipients, c.segments, c.cost,
  c.schedule_at, c.dispatched_at, c.created_at, u.name as created_by,
  (select z.name from zones z where z.id = (c.detail->>'zoneId')::int) as zone_name,
  (select coalesce(json_object_agg(s.status, s.n), '{}') from (
     select coalesce(m.status, 'scheduled') as status, count(*)::int as n
       from sms_campaign_recipients r left join sms_messages m on m.id = r.sms_id
      where r.campaign_id = c.id group by 1) s) as counts`;
const CAMPAIGN_FROM = `from sms_campaigns c join institutions on institutions.id = c.institution_id left join users u on u.id = c.created_by`;

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

function toRow(row: Record<string, unknown>): SmsCampaignRow {
  const raw = (typeof row.counts === 'string' ? JSON.parse(row.counts) : row.counts) as Record<string, number>;
  const counts = Object.fromEntries(SMS_RECIPIENT_STATUSES.map((status) => [status, Number(raw[status] ?? 0)])) as SmsStatusCounts;
  const detail = (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as { due?: string; phone?: string };
  const kind = row.kind as SmsCampaignRow['kind'];
  const target = kind === 'zone' ? ((row.zone_name as string | null) ?? null) : kind === 'pledges' ? (detail.due ?? null) : kind === 'phone' ? (detail.phone ?? null) : null;
  return {
    id: Number(row.id),
    institutionId: Number(row.institution_id),
    institution: String(row.institution),
    kind,
    target,
    message: String(row.message),
    recipients: Number(row.recipients),
    segments: Number(row.segments),
    cost: Number(row.cost),
    scheduleAt: iso(row.schedule_at),
    dispatchedAt: iso(row.dispatched_at),
    createdAt: iso(row.created_at)!,
    createdBy: (row.created_by as string | null) ?? null,
    counts,
  };
}

/** GET /api/sms/campaigns: the scope's campaigns, newest first, by keyset on the id (index on institution, id). */
export async function listCampaigns(ctx: AppContext, user: AuthUser, query: { cursor?: number | undefined; limit: number; institutionId?: number | undefined }): Promise<SmsCampaignPage> {
  if (query.institutionId !== undefined) await requireScopedInstitution(ctx.database.db, user, query.institutionId);
  const scope = scopeSql(user, 4);
  const { rows } = await ctx.database.raw.query(
    `select ${CAMPAIGN_COLUMNS} ${CAMPAIGN_FROM}
      where ($1::int is null or c.id < $1) and ($2::int is null or c.institution_id = $2) and ${scope.text}
      order by c.id desc limit $3`,
    [query.cursor ?? null, query.institutionId ?? null, query.limit + 1, ...scope.params],
  );
  const data = rows.slice(0, query.limit).map(toRow);
  return { data, nextCursor: rows.length > query.limit ? (data.at(-1)?.id ?? null) : null };
}

/** One campaign of the caller's scope (else 404), the query the detail and the resend share. */
export async function loadCampaign(ctx: AppContext, user: AuthUser, id: number): Promise<SmsCampaignRow> {
  const scope = scopeSql(user, 2);
  const { rows } = await ctx.database.raw.query(`select ${CAMPAIGN_COLUMNS} ${CAMPAIGN_FROM} where c.id = $1 and ${scope.text}`, [id, ...scope.params]);
  if (!rows[0]) throw errors.notFound();
  return toRow(rows[0]);
}

/** GET /api/sms/campaigns/{id}: the campaign and each recipient's state, from delivery reports. */
export async function campaignDetail(ctx: AppContext, user: AuthUser, id: number): Promise<SmsCampaignDetail> {
  const campaign = await loadCampaign(ctx, user, id);
  const { rows } = await ctx.database.raw.query(
    `select r.ord, r.phone, r.name, r.message, r.attempts, m.status, m.failure_reason, m.sent_at, m.delivered_at, m.operator
       from sms_campaign_recipients r left join sms_messages m on m.id = r.sms_id
      where r.campaign_id = $1 order by r.ord limit ${DETAIL_RECIPIENTS}`,
    [id],
  );
  return {
    ...campaign,
    recipientList: rows.map((row) => ({
      ord: Number(row.ord),
      phone: String(row.phone),
      name: String(row.name),
      message: String(row.message),
      status: ((row.status as string | null) ?? 'scheduled') as SmsRecipientStatus,
      failureReason: (row.failure_reason as string | null) ?? null,
      attempts: Number(row.attempts),
      sentAt: iso(row.sent_at),
      deliveredAt: iso(row.delivered_at),
      operator: (row.operator as string | null) ?? null,
    })),
  };
}

/** Failed SMS across sends (campaigns, reminders, receipts) of the scope, newest first, keyset on the id. */
export async function listFailedSms(ctx: AppContext, user: AuthUser, query: { cursor?: number | undefined; limit: number; institutionId?: number | undefined }): Promise<SmsFailedPage> {
  if (query.institutionId !== undefined) await requireScopedInstitution(ctx.database.db, user, query.institutionId);
  const scope = scopeSql(user, 4);
  const { rows } = await ctx.database.raw.query(
    `select m.id, m.receiver, m.message, m.purpose, m.failure_reason, m.created_at, r.campaign_id
       from sms_messages m
       join institutions on institutions.id = m.institution_id
       left join sms_campaign_recipients r on r.sms_id = m.id
      where m.status = 'failed' and ($1::int is null or m.id < $1) and ($2::int is null or m.institution_id = $2) and ${scope.text}
      order by m.id desc limit $3`,
    [query.cursor ?? null, query.institutionId ?? null, query.limit + 1, ...scope.params],
  );
  const data = rows.slice(0, query.limit).map((row) => ({
    id: Number(row.id),
    campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
    receiver: String(row.receiver),
    message: String(row.message),
    purpose: String(row.purpose),
    failureReason: (row.failure_reason as string | null) ?? null,
    createdAt: iso(row.created_at)!,
  }));
  return { data, nextCursor: rows.length > query.limit ? (data.at(-1)?.id ?? null) : null };
}
