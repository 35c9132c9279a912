import { type SQL, sql } from 'drizzle-orm';
import { members } from '../../db/schema/members';
import { likePrefix } from '../shell/like';

/**
 * The expressions the members list sorts and searches on. They are written exactly as the
 * indexes of the members_list_search migration (members_list_*, members_search_trgm) so the planner uses them:
 * change one, change the other.
 */
export const memberNameKey = sql<string>`lower(${members.firstName} || ' ' || ${members.lastName})`;
export const memberSearchText = sql<string>`lower(${members.firstName} || ' ' || ${members.lastName} || ' ' || ${members.code} || ' ' || ${members.phone})`;

/** Shorter needles have no trigram to look up; they match the start of the name or code instead. */
export const TRIGRAM_MIN = 3;

/**
 * Phone fragments match anywhere, whatever way they were typed: "0712 345" and "+255712345" both
 * find +255712345678 (leading zeros of a national number dropped, only digits kept).
 */
function phoneNeedle(value: string): string | null {
  if (!/^[\d\s+()-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= TRIGRAM_MIN ? digits : null;
}

/** Name (any part), phone (any part) or member code; null when there is nothing to search for. */
export function memberSearchCondition(search: string | undefined): SQL | null {
  const needle = (search ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (needle === '') return null;
  const phone = phoneNeedle(needle);
  if (phone) return sql`${memberSearchText} like ${likePrefix(phone, true)}`;
  if (needle.length >= TRIGRAM_MIN) return sql`${memberSearchText} like ${likePrefix(needle, true)}`;
  const prefix = likePrefix(needle);
  return sql`(${memberNameKey} like ${prefix} or lower(${members.lastName}) like ${prefix} or lower(${members.code}) like ${prefix})`;
}
