import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small HTTP helpers of the Selcom simulator (no framework: it must stay a plain loopback server). */

export async function readBody(req: IncomingMessage, limit = 64_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Selcom's envelope: every answer carries resultcode, result and message. */
export function sendEnvelope(res: ServerResponse, status: number, resultcode: string, result: string, message: string, extra: Record<string, unknown> = {}) {
  sendJson(res, status, { ...extra, resultcode, result, message, data: extra.data ?? [] });
}

/**
 * The simulator's pages are plain server-rendered HTML: no scripts at all, one inline style sheet
 * allowed by its hash-free 'unsafe-inline' for styles only, forms posting to the simulator itself.
 */
export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
