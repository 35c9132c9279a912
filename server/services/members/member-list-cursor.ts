/**
 * Keyset position in the members list: the sort key (lower-cased "first last") and the id that
 * breaks ties. Opaque to callers (base64url JSON); anything that does not decode is refused.
 */
export type ListPosition = { n: string; i: number };

export function encodeListCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeListCursor(value: string): ListPosition | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (parsed === null || typeof parsed !== 'object') return null;
    const { n, i } = parsed as Record<string, unknown>;
    if (typeof n !== 'string' || n.length > 200 || typeof i !== 'number' || !Number.isSafeInteger(i) || i < 0) return null;
    return { n, i };
  } catch {
    return null;
  }
}
