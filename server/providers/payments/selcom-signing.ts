import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Selcom's request signature, used the same way in three places: our client signs requests, the
 * simulator checks them, and webhooks (callbacks) to us are signed by the sender with the same
 * shared API key and secret and checked by our callback route.
 *
 *   Authorization: SELCOM base64(apiKey)
 *   Digest-Method: HS256
 *   Timestamp:     2019-02-26T09:30:46+03:00
 *   Signed-Fields: order_id,amount,…            (the order the digest covers)
 *   Digest:        base64(HMAC-SHA256(apiSecret, "timestamp=<Timestamp>&order_id=…&amount=…"))
 *
 * Nested JSON fields are named with dots (billing.firstname). Fields that are null or absent are
 * not sent and not signed. A receiver checks the digest over exactly the fields `Signed-Fields`
 * names (each must be present) and IGNORES any other field: a sender may add fields it does not
 * sign, so the receiver acts only on the signed ones (`verifySelcom` returns them). A receiver may
 * also refuse a `Timestamp` outside a window around its clock, so a captured message cannot be
 * replayed later (docs/decisions/017-selcom-webhook-verification.md).
 */

export type SelcomCredentials = { apiKey: string; apiSecret: string };
export type SelcomSignedHeaders = {
  Authorization: string;
  'Digest-Method': 'HS256';
  Digest: string;
  Timestamp: string;
  'Signed-Fields': string;
};

/** ISO 8601 in East Africa Time, the form Selcom's examples use. */
export function selcomTimestamp(at: Date): string {
  return `${new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19)}+03:00`;
}

/** Top-level and nested fields as [dotted name, string value], in insertion order, without null/undefined. */
export function flattenFields(data: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && !Array.isArray(value)) out.push(...flattenFields(value as Record<string, unknown>, name));
    else out.push([name, Array.isArray(value) ? value.join(',') : String(value)]);
  }
  return out;
}

export function selcomDigest(apiSecret: string, timestamp: string, fields: ReadonlyArray<readonly [string, string]>): string {
  const message = [`timestamp=${timestamp}`, ...fields.map(([name, value]) => `${name}=${value}`)].join('&');
  return createHmac('sha256', apiSecret).update(message).digest('base64');
}

export function selcomAuthorization(apiKey: string): string {
  return `SELCOM ${Buffer.from(apiKey).toString('base64')}`;
}

/** The five headers for a request (or a webhook) carrying `data` (JSON body, or query for GET/DELETE). */
export function signSelcom(credentials: SelcomCredentials, data: Record<string, unknown>, at: Date): SelcomSignedHeaders {
  const timestamp = selcomTimestamp(at);
  const fields = flattenFields(data);
  return {
    Authorization: selcomAuthorization(credentials.apiKey),
    'Digest-Method': 'HS256',
    Digest: selcomDigest(credentials.apiSecret, timestamp, fields),
    Timestamp: timestamp,
    'Signed-Fields': fields.map(([name]) => name).join(','),
  };
}

export type SignatureCheck =
  | { ok: true; signed: Map<string, string> }
  | { ok: false; why: 'authorization' | 'method' | 'missing' | 'unsigned_field' | 'digest' | 'timestamp' | 'stale' };

/** How far a message's Timestamp may lie from the receiver's clock: older is a replay, newer a skewed clock. */
export type TimestampWindow = { now: Date; maxAgeMs: number; maxAheadMs: number };

type HeaderBag = Record<string, string | string[] | undefined>;

/** Header names are case-insensitive (Node lowercases incoming ones; our own bags are Title-Case). */
function header(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const found = Object.keys(headers).find((key) => key.toLowerCase() === wanted);
  const value = found === undefined ? undefined : headers[found];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks the five headers against `data` (as received) and answers the signed fields' values.
 * Constant-time comparisons; the reason is for our log only, never sent back.
 */
export function verifySelcom(credentials: SelcomCredentials, headers: HeaderBag, data: Record<string, unknown>, window?: TimestampWindow): SignatureCheck {
  const authorization = header(headers, 'authorization');
  const method = header(headers, 'digest-method');
  const digest = header(headers, 'digest');
  const timestamp = header(headers, 'timestamp');
  const signedFields = header(headers, 'signed-fields');
  if (!authorization || !digest || !timestamp || signedFields === undefined) return { ok: false, why: 'missing' };
  if (!safeEqual(authorization, selcomAuthorization(credentials.apiKey))) return { ok: false, why: 'authorization' };
  if (method !== 'HS256') return { ok: false, why: 'method' };
  if (window) {
    const at = Date.parse(timestamp);
    if (!Number.isFinite(at)) return { ok: false, why: 'timestamp' };
    const age = window.now.getTime() - at;
    if (age > window.maxAgeMs || -age > window.maxAheadMs) return { ok: false, why: 'stale' };
  }
  const present = new Map(flattenFields(data));
  const names = signedFields.split(',').map((name) => name.trim()).filter(Boolean);
  // Every signed field must be there (once); fields beyond them are ignored, not trusted.
  if (names.length === 0 || new Set(names).size !== names.length || names.some((name) => !present.has(name))) return { ok: false, why: 'unsigned_field' };
  const signed = new Map(names.map((name) => [name, present.get(name) ?? ''] as const));
  const expected = selcomDigest(credentials.apiSecret, timestamp, [...signed]);
  return safeEqual(digest, expected) ? { ok: true, signed } : { ok: false, why: 'digest' };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
