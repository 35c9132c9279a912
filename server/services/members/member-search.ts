import { type SQL, sql } from 'drizzle-orm';
import { members } from '../../db/schema/members';
import { likePrefix } from '../shell/like';

/**
 * The expressions the members list sorts and searches on. They are written exactly as the
 * indexes of migrations 0013, 0034 and 0044 (members_list_*, members_search_trgm,
 * members_search_inner_trgm, members_last_name_search_list) so the planner uses them: change one,
 * change the other. The list's key compares in the "C" collation (code point order) so that
 * "starts with" is one range of members_list_name, in list order, on any database.
 */
export const memberNameKey = sql<string>`(lower(${members.firstName} || ' ' || ${members.lastName}) collate "C")`;
export const memberSearchText = sql<string>`lower(${members.firstName} || ' ' || ${members.lastName} || ' ' || ${members.code} || ' ' || ${members.phone})`;
const lastNameKey = sql<string>`lower(${members.lastName})`;
const codeKey = sql<string>`lower(${members.code})`;
/**
 * The searched text less the first letter of each name: a term found in it is found inside a name
 * (or in the code or phone), never only at the start of the first or last name.
 */
const innerSearchText = sql<string>`lower(substr(${members.firstName}, 2) || ' ' || substr(${members.lastName}, 2) || ' ' || ${members.code} || ' ' || ${members.phone})`;

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

const normalized = (search: string | undefined) => (search ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** Name (any part), phone (any part) or member code; null when there is nothing to search for. */
export function memberSearchCondition(search: string | undefined): SQL | null {
  const needle = normalized(search);
  if (needle === '') return null;
  const phone = phoneNeedle(needle);
  if (phone) return sql`${memberSearchText} like ${likePrefix(phone, true)}`;
  if (needle.length >= TRIGRAM_MIN) return sql`${memberSearchText} like ${likePrefix(needle, true)}`;
  const prefix = likePrefix(needle);
  return sql`(${memberNameKey} like ${prefix} or lower(${members.lastName}) like ${prefix} or lower(${members.code}) like ${prefix})`;
}

/** The last name as the list's index on it (members_list_last_name, migration 0044) holds it. */
export const lastNameListKey = sql<string>`(lower(${members.lastName}) collate "C")`;

/**
 * One way of matching, for the list's search, and how it is read:
 *  - `list-order`: sorted and limited, the planner's choice of index; for a name's start that is one
 *    range of the list's own index (members_list_name), in list order, stopped after a page;
 *  - `each-last-name`: for each distinct last name starting with `lastNames` (a LIKE prefix), that
 *    name's members in list order from members_list_last_name, a page each, so a last name shared
 *    by thousands costs a page, not thousands;
 *  - `fenced`: read from its own index whole (a bitmap or a prefix range) and sorted for the page,
 *    so it costs what it matches.
 */
export type MemberSearchBranch = { match: SQL; read: 'list-order' | 'fenced' } | { match: SQL; read: 'each-last-name'; lastNames: string };

/**
 * memberSearchCondition split into disjoint branches whose union is exactly what it matches: what
 * people type is the start of a first or last name, and those two branches read only a page per
 * name; the term inside a name, code or phone is read from members_search_inner_trgm, which
 * leaves out the first letter of each name so that a common first name's namesakes are not all
 * candidates again there. Each later branch excludes the earlier ones, so a member is found once.
 * `wideScope`: the caller sees a religion or a branch, where most members of a last name are in
 * scope, so reading each last name in list order finds a page at once; a congregation's or a
 * field's staff read their few matching members whole instead (members_institution_* indexes).
 * Null when there is nothing to search for.
 */
export function memberSearchBranches(search: string | undefined, wideScope: boolean): MemberSearchBranch[] | null {
  const needle = normalized(search);
  if (needle === '') return null;
  const phone = phoneNeedle(needle);
  // A phone fragment is never the start of a name: the one condition, read as before (the planner
  // chooses; fenced, a fragment shared by thousands at 10x was sorted whole, 12 ms then 30 ms).
  if (phone) return [{ match: sql`${memberSearchText} like ${likePrefix(phone, true)}`, read: 'list-order' }];
  const prefix = likePrefix(needle);
  const nameStarts = sql`${memberNameKey} like ${prefix}`;
  const lastNameStarts = sql`${lastNameKey} like ${prefix}`;
  const lastNameMatch = sql`${lastNameStarts} and not ${nameStarts}`;
  const branches: MemberSearchBranch[] = [
    { match: nameStarts, read: 'list-order' },
    wideScope ? { match: lastNameMatch, read: 'each-last-name', lastNames: prefix } : { match: lastNameMatch, read: 'fenced' },
  ];
  if (needle.length < TRIGRAM_MIN) {
    branches.push({ match: sql`${codeKey} like ${prefix} and not ${nameStarts} and not ${lastNameStarts}`, read: 'fenced' });
    return branches;
  }
  const anywhere = likePrefix(needle, true);
  const found = sql`${memberSearchText} like ${anywhere}`;
  // A term with a space can run from one name into the next one's first letter, which the inner
  // text leaves out: such a term (rarer, and longer) is looked up in the whole text.
  // The re-check is strpos, not LIKE: the planner cannot answer it from members_search_trgm, which
  // at 1,000,000 members it preferred, bringing back every namesake (33,367 rows for "Sarah").
  const inside = needle.includes(' ') ? found : sql`${innerSearchText} like ${anywhere} and strpos(${memberSearchText}, ${needle}) > 0`;
  branches.push({ match: sql`${inside} and not ${nameStarts} and not ${lastNameStarts}`, read: 'fenced' });
  return branches;
}
