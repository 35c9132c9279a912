import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../domain/messages';
import { logActivity } from '../../services/auth/activity';
import { claimRateLimit } from '../../services/payments/rate-limit';
import { buildStatement, type StatementMember, statementMemberColumns } from '../../services/stats/member-statement';
import { drawStatement, newStatementDocument } from '../../services/stats/statement-pdf';
import { openStatementLink } from '../../services/statement-sends/statement-links';
import { members } from '../../db/schema/members';
import { and, eq, isNull } from 'drizzle-orm';
import { statementLinkPage } from './statement-link-page';

// Anything: a malformed token is just an unknown one (the same page), never a JSON 400.
const TokenParams = z.object({ token: z.string().max(200) });

/**
 * The public end of a statement link (ADR 064): the one member's statement PDF of the link's year,
 * and nothing else; no session. Limited per address in the database (claimed before the token is
 * looked at). A refused link gets a short page in the member's language: 404 unknown, 410 expired
 * or revoked. Hidden from the OpenAPI document: it is a page for people, not part of the API.
 */
export async function statementLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get('/s/:token', { config: { access: 'public' }, schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const now = ctx.now();
    const page = (status: number, languages: ReadonlyArray<'sw' | 'en'>, reason: Parameters<typeof statementLinkPage>[2]) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(statementLinkPage(ctx.translator, languages, reason));
    const verdict = await claimRateLimit(ctx.database.db, { key: `statement-link:ip:${request.ip}`, limit: ctx.config.statementLinks.ratePerIp, windowMs: 60_000, now });
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      return page(429, ['sw', 'en'], messages.ssLinkTooMany);
    }
    const opened = await openStatementLink(ctx.database.db, request.params.token, now);
    if (opened.kind === 'unknown') return page(404, ['sw', 'en'], messages.ssLinkUnknown);
    if (opened.kind !== 'ok') return page(410, [opened.language], opened.kind === 'expired' ? messages.ssLinkExpired : messages.ssLinkRevoked);
    const { link } = opened;
    // The member as recorded now (a deleted member's link opens nothing), at the link's institution.
    const [member] = await ctx.database.db
      .select(statementMemberColumns)
      .from(members)
      .where(and(eq(members.id, link.memberId), eq(members.institutionId, link.institutionId), isNull(members.deletedAt)));
    if (!member) return page(410, [link.language], messages.ssLinkRevoked);
    const statement = await buildStatement(ctx, member satisfies StatementMember, link.year);
    await logActivity(ctx.database.db, { action: 'statement.link_opened', entityType: 'statement_link', entityId: String(link.id), details: `member ${link.memberId}, ${link.year}`, ipAddress: request.ip, userAgent: request.headers['user-agent'], at: now });
    const t = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => ctx.translator.t(statement.language, descriptor, values);
    const doc = newStatementDocument(t(messages.stStatementTitle, { year: statement.year }));
    drawStatement(doc, statement, t, now);
    doc.end();
    const name = `statement-${member.code.replace(/[^A-Za-z0-9-]/g, '_')}-${statement.year}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(doc);
  });
}
