import type { FastifyReply, FastifyRequest } from 'fastify';
import { logActivity } from '../../services/auth/activity';
import type { ExportFile } from '../../services/reports/export';
import { authOf } from '../auth/client-info';
import { logExportFailure } from '../../lib/export/send-export';

/** Sends an export as a download and records who took it (activity log: report.exported). */
export async function sendReportFile(request: FastifyRequest, reply: FastifyReply, name: string, file: ExportFile) {
  const auth = authOf(request);
  await logActivity(reply.server.ctx.database.db, {
    userId: auth.user.id,
    sessionId: auth.sessionId,
    action: 'report.exported',
    details: `${name}.${file.extension}`,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
    at: reply.server.ctx.now(),
  });
  logExportFailure(reply, file.body);
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${name}.${file.extension}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
