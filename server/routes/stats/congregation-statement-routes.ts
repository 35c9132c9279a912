import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Zip, ZipPassThrough } from 'fflate';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { recordIdText } from '../../../domain/api/common';
import { CongregationStatementsQuery } from '../../../domain/api/stats';
import { messages } from '../../../domain/messages';
import type { Descriptor } from '../../../domain/messages-descriptor';
import { logActivity } from '../../services/auth/activity';
import { congregationMembers, congregationStatements, statementFileName } from '../../services/stats/congregation-statements';
import type { Statement } from '../../services/stats/member-statement';
import { drawStatement, newStatementDocument } from '../../services/stats/statement-pdf';
import { authOf } from '../auth/client-info';

const InstitutionParams = z.object({ id: recordIdText });

/**
 * A congregation's year statements (issue 16): a ZIP with one PDF per member, or one PDF with each
 * member from a new page; each statement in its member's language. Streamed as drawn: the members'
 * givings are read a hundred members at a time and nothing waits for the whole file.
 */
export async function congregationStatementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const translatorFor = (statement: Statement) => (descriptor: Descriptor, values?: Record<string, unknown>) => ctx.translator.t(statement.language, descriptor, values);

  app.get(
    '/institutions/:id/statements',
    {
      config: { access: { feature: 'members', action: 'export' } },
      schema: { tags: ['stats'], params: InstitutionParams, querystring: CongregationStatementsQuery },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { year, format } = request.query;
      const people = await congregationMembers(ctx, auth.user, request.params.id);
      const name = `statements-${request.params.id}-${year}.${format}`;
      await logActivity(ctx.database.db, {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        action: 'report.exported',
        details: name,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
        at: ctx.now(),
      });
      const statements = congregationStatements(ctx, request.params.id, people, year);
      const out = new PassThrough();
      const issuedAt = ctx.now();
      // Between members, wait while the client is behind: a slow download never holds the whole congregation in memory.
      const caughtUp = async () => {
        if (out.writableNeedDrain) await once(out, 'drain');
      };
      // Errors after the headers went out can only cut the download short; they are logged, never a second reply.
      const fail = (error: unknown) => {
        request.log.error({ err: error }, 'congregation statements failed while streaming');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      };
      if (format === 'pdf') {
        const doc = newStatementDocument(request.t(messages.stStatementTitle, { year }));
        doc.pipe(out);
        void (async () => {
          let first = true;
          for await (const statement of statements) {
            await caughtUp();
            if (!first) doc.addPage();
            first = false;
            drawStatement(doc, statement, translatorFor(statement), issuedAt);
          }
          if (first) doc.font('Helvetica').fontSize(11).text(request.t(messages.stStatementNoMembers));
          doc.end();
        })().catch(fail);
      } else {
        const zip = new Zip((error, chunk, final) => {
          if (error) return fail(error);
          out.write(Buffer.from(chunk));
          if (final) out.end();
        });
        void (async () => {
          for await (const statement of statements) {
            await caughtUp();
            const entry = new ZipPassThrough(statementFileName(statement));
            zip.add(entry);
            const doc = newStatementDocument(translatorFor(statement)(messages.stStatementTitle, { year }));
            const done = new Promise<void>((resolve, reject) => {
              doc.on('data', (chunk: Buffer) => entry.push(new Uint8Array(chunk)));
              doc.on('end', () => {
                entry.push(new Uint8Array(0), true);
                resolve();
              });
              doc.on('error', reject);
            });
            drawStatement(doc, statement, translatorFor(statement), issuedAt);
            doc.end();
            await done;
          }
          zip.end();
        })().catch(fail);
      }
      return reply
        .type(format === 'pdf' ? 'application/pdf' : 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(out);
    },
  );
}
