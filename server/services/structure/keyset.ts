import { errors } from '../../lib/app-error';

/** A page ends after (title, id) of its last row; the cursor carries both, opaque to the client. */
export type TitleCursor = { title: string; id: number };

export function encodeCursor(row: TitleCursor): string {
  return Buffer.from(JSON.stringify([row.title, row.id]), 'utf8').toString('base64url');
}

export function decodeCursor(value: string | undefined): TitleCursor | null {
  if (value === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && Number.isInteger(parsed[1])) return { title: parsed[0], id: parsed[1] as number };
  } catch {
    // fall through: a cursor we did not write
  }
  throw errors.badRequest();
}
