import type { FastifyRequest } from 'fastify';
import { API_BASE } from '../../domain/paths';

/** The token of a statement link (ADR 064) opens a member's statement: it never reaches a log line. */
const STATEMENT_LINK = new RegExp(`^(${API_BASE}/s/)[^/?#]+`);

export function maskedUrl(url: string): string {
  return url.replace(STATEMENT_LINK, '$1***');
}

/** Fastify's request fields, with secrets in the path masked. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: maskedUrl(request.url), hostname: request.hostname, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
