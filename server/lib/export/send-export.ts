import type { FastifyReply } from 'fastify';

export type ExportFile = { contentType: string; filename: string; count: number; included: number; body: Buffer | string };

/** Every list export answers the same way: an attachment, with how many rows matched and were written. */
export function sendExportFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('x-export-count', String(file.count))
    .header('x-export-included', String(file.included))
    .send(file.body);
}
