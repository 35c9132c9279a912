import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdText } from '../../../domain/api/common';
import { StatementQuery } from '../../../domain/api/stats';
import { messages } from '../../../domain/messages';
import { logActivity } from '../../services/auth/activity';
import { buildStatement, memberInScope } from '../../services/stats/member-statement';
import { drawStatement, newStatementDocument } from '../../services/stats/statement-pdf';
import { authOf } from '../auth/client-info';

const MemberParams = z.object({ id: recordIdText });

/** A member's year statement as a PDF, streamed as it is drawn; a member outside the caller's scope is not found. */
export async function statementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/members/:id/statement',
    {
      config: { access: { feature: 'members', action: 'view' } },
      schema: { tags: ['stats'], params: MemberParams, querystring: StatementQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const member = await memberInScope(ctx, auth.user, request.params.id);
      const statement = await buildStatement(ctx, member, request.query.year);
      const t = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => ctx.translator.t(statement.language, descriptor, values);
      const name = `statement-${member.code.replace(/[^A-Za-z0-9-]/g, '_')}-${statement.year}.pdf`;
      await logActivity(ctx.database.db, {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        action: 'report.exported',
        details: name,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
        at: ctx.now(),
      });
      const doc = newStatementDocument(t(messages.stStatementTitle, { year: statement.year }));
      drawStatement(doc, statement, t, ctx.now());
      doc.end();
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store').send(doc);
    },
  );
}
