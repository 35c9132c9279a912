import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdText } from '../../../domain/api/common';
import { StatementLink, StatementLinkList, StatementSend, StatementSendInput, StatementSendList } from '../../../domain/api/statement-sends';
import { logActivity } from '../../services/auth/activity';
import { memberInScope } from '../../services/stats/member-statement';
import { sendCongregationStatements, sendMemberStatement } from '../../services/statement-sends/statement-send-create';
import { listStatementSends, readStatementSend } from '../../services/statement-sends/statement-send-read';
import { memberStatementLinks, revokeStatementLink, toStatementLink } from '../../services/statement-sends/statement-links';
import { errors } from '../../lib/app-error';
import { authOf } from '../auth/client-info';

const IdParams = z.object({ id: recordIdText });

/**
 * Sending year statements by SMS link or email (ADR 064). Whoever may read a statement may send it:
 * a member's with members view, a congregation's with members export (as the downloads); scope as
 * everywhere (outside it: not found). The sends are recorded and their people's state readable.
 */
export async function statementSendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  const log = (request: FastifyRequest, action: 'statement.sent' | 'statement.link_revoked', entityId: number, details: string) => {
    const auth = authOf(request);
    return logActivity(ctx.database.db, {
      userId: auth.user.id,
      sessionId: auth.sessionId,
      action,
      entityType: action === 'statement.sent' ? 'statement_send' : 'statement_link',
      entityId: String(entityId),
      details,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
      at: ctx.now(),
    });
  };

  app.post(
    '/members/:id/statement/send',
    { config: { access: { feature: 'members', action: 'view' } }, schema: { tags: ['stats'], params: IdParams, body: StatementSendInput, response: { 201: StatementSend } } },
    async (request, reply) => {
      const user = authOf(request).user;
      const sendId = await sendMemberStatement(ctx, user, request.params.id, request.body.year);
      await log(request, 'statement.sent', sendId, `member ${request.params.id}, ${request.body.year}`);
      return reply.status(201).send(await readStatementSend(ctx, user, sendId));
    },
  );

  app.post(
    '/institutions/:id/statements/send',
    { config: { access: { feature: 'members', action: 'export' } }, schema: { tags: ['stats'], params: IdParams, body: StatementSendInput, response: { 201: StatementSend } } },
    async (request, reply) => {
      const user = authOf(request).user;
      const sendId = await sendCongregationStatements(ctx, user, request.params.id, request.body.year);
      const send = await readStatementSend(ctx, user, sendId);
      await log(request, 'statement.sent', sendId, `institution ${request.params.id}, ${request.body.year}, ${send.recipients} members`);
      return reply.status(201).send(send);
    },
  );

  app.get(
    '/statement-sends/:id',
    { config: { access: { feature: 'members', action: 'view' } }, schema: { tags: ['stats'], params: IdParams, response: { 200: StatementSend } } },
    async (request) => readStatementSend(ctx, authOf(request).user, request.params.id),
  );

  app.get(
    '/institutions/:id/statement-sends',
    { config: { access: { feature: 'members', action: 'view' } }, schema: { tags: ['stats'], params: IdParams, response: { 200: StatementSendList } } },
    async (request) => listStatementSends(ctx, authOf(request).user, request.params.id),
  );

  app.get(
    '/members/:id/statement-links',
    { config: { access: { feature: 'members', action: 'view' } }, schema: { tags: ['stats'], params: IdParams, response: { 200: StatementLinkList } } },
    async (request) => {
      const member = await memberInScope(ctx, authOf(request).user, request.params.id);
      return { data: await memberStatementLinks(ctx.database.db, member.id, ctx.now()) };
    },
  );

  app.post(
    '/statement-links/:id/revoke',
    { config: { access: { feature: 'members', action: 'view' } }, schema: { tags: ['stats'], params: IdParams, response: { 200: StatementLink } } },
    async (request) => {
      const user = authOf(request).user;
      const link = await ctx.database.raw.query('select member_id from statement_links where id = $1', [request.params.id]);
      const memberId = link.rows[0]?.member_id;
      if (memberId === undefined) throw errors.notFound();
      // The member must be in the caller's scope (else not found), as for reading the statement.
      await memberInScope(ctx, user, Number(memberId));
      const revoked = await revokeStatementLink(ctx.database.db, request.params.id, user.id, ctx.now());
      if (!revoked) throw errors.notFound();
      await log(request, 'statement.link_revoked', revoked.id, `member ${revoked.memberId}, ${revoked.year}`);
      return toStatementLink(revoked, ctx.now());
    },
  );
}
