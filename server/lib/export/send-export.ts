import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type ExportFile = { contentType: string; filename: string; count: number; included: number; body: Readable };

/**
 * An export's body failed after its first bytes went out. Fastify then destroys the socket (a
 * chunked reply without its last chunk), so the browser's download fails rather than keeping a
 * file that looks complete; this records why, with the request, at error level.
 */
export function logExportFailure(reply: FastifyReply, body: Readable) {
  body.once('error', (err) => reply.log.error({ err }, 'export failed while streaming; the connection was aborted'));
}

/**
 * Every list export answers the same way: an attachment, with how many rows matched and how many
 * the file holds, sent before the first row so the page can show the download's progress.
 */
export function sendExportFile(reply: FastifyReply, file: ExportFile) {
  logExportFailure(reply, file.body);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-export-count', String(file.count))
    .header('x-export-included', String(file.included))
    .send(file.body);
}
