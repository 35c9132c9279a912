import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiPaths } from '../../../domain/api-paths';
import type { StatementLink } from '../../../domain/api/statement-sends';
import { API_BASE } from '../../../domain/paths';
import type { Db } from '../../db/client';
import { statementLinks } from '../../db/schema/statement-sends';
import type { PublicLinks } from '../../lib/public-links';
import { sha256 } from '../auth/tokens';

/**
 * The link that opens one member's statement of one year (ADR 064). The token is 128 random bits
 * (22 URL-safe characters, short enough for a one-part SMS); only its SHA-256 is stored, so the
 * table alone opens nothing. It expires, and can be revoked.
 */
export function newStatementToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Built from configuration only (PUBLIC_URL), never from the request that caused the send. */
export function statementLinkUrl(links: PublicLinks, token: string): string {
  return `${links.base()}${API_BASE}${apiPaths.statementLinkOpen(token)}`;
}

export type IssueLinkInput = { memberId: number; institutionId: number; year: number; language: 'sw' | 'en'; channel: 'sms' | 'email'; createdBy: number; now: Date; days: number };

/** A new link; the token is answered once here and never again. */
export async function issueStatementLink(db: Db, input: IssueLinkInput): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = newStatementToken();
  const expiresAt = new Date(input.now.getTime() + input.days * 86_400_000);
  const [row] = await db
    .insert(statementLinks)
    .values({
      tokenHash: sha256(token),
      memberId: input.memberId,
      institutionId: input.institutionId,
      year: input.year,
      language: input.language,
      channel: input.channel,
      createdBy: input.createdBy,
      createdAt: input.now,
      expiresAt,
    })
    .returning({ id: statementLinks.id });
  if (!row) throw new Error('insert into statement_links returned no row');
  return { id: row.id, token, expiresAt };
}

export type OpenedLink = { id: number; memberId: number; institutionId: number; year: number; language: 'sw' | 'en' };
export type LinkVerdict = { kind: 'ok'; link: OpenedLink } | { kind: 'unknown' } | { kind: 'expired' | 'revoked'; language: 'sw' | 'en' };

/**
 * What a token opens. A usable link is counted (how often, last when) in the same statement that
 * checks it is neither revoked nor expired, so a revocation that commits first always wins.
 */
export async function openStatementLink(db: Db, token: string, now: Date): Promise<LinkVerdict> {
  const hash = sha256(token);
  const [opened] = await db
    .update(statementLinks)
    .set({ opened: sql`${statementLinks.opened} + 1`, lastOpenedAt: now })
    .where(and(eq(statementLinks.tokenHash, hash), isNull(statementLinks.revokedAt), sql`${statementLinks.expiresAt} > ${now.toISOString()}::timestamptz`))
    .returning({ id: statementLinks.id, memberId: statementLinks.memberId, institutionId: statementLinks.institutionId, year: statementLinks.year, language: statementLinks.language });
  if (opened) return { kind: 'ok', link: { ...opened, language: opened.language === 'en' ? 'en' : 'sw' } };
  const [refused] = await db.select({ revokedAt: statementLinks.revokedAt, language: statementLinks.language }).from(statementLinks).where(eq(statementLinks.tokenHash, hash));
  if (!refused) return { kind: 'unknown' };
  return { kind: refused.revokedAt ? 'revoked' : 'expired', language: refused.language === 'en' ? 'en' : 'sw' };
}

type LinkRow = typeof statementLinks.$inferSelect;

export function toStatementLink(row: LinkRow, now: Date): StatementLink {
  return {
    id: row.id,
    year: row.year,
    channel: row.channel === 'email' ? 'email' : 'sms',
    state: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    opened: row.opened,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  };
}

/** A member's links, newest first (the member page lists them to revoke). */
export async function memberStatementLinks(db: Db, memberId: number, now: Date): Promise<StatementLink[]> {
  const rows = await db.select().from(statementLinks).where(eq(statementLinks.memberId, memberId)).orderBy(desc(statementLinks.id)).limit(100);
  return rows.map((row) => toStatementLink(row, now));
}

/** Revokes a link (a second revoke keeps the first time and who); answers it, or null if there is none. */
export async function revokeStatementLink(db: Db, linkId: number, userId: number, now: Date): Promise<LinkRow | null> {
  await db.update(statementLinks).set({ revokedAt: now, revokedBy: userId }).where(and(eq(statementLinks.id, linkId), isNull(statementLinks.revokedAt)));
  const [row] = await db.select().from(statementLinks).where(eq(statementLinks.id, linkId));
  return row ?? null;
}
