import { db, type SadakaDb } from '../db';
import { queryWords } from './member-tokens';
import type { LocalMember, StoredMember } from './types';

/**
 * Members of one institution whose name, phone or member code starts with what was typed (every
 * typed word must match the start of some word of the member). Each keystroke costs index ranges,
 * never a scan of the table, however many members are cached:
 * - one word: one `startsWith` range on the multiEntry `tokens` index, stopped after `limit` members;
 * - several words ("juma kwe"): the keys of each word's range (keys only, no rows read), intersected,
 *   then just the first `limit` rows. Walking one word's rows and checking the others would read
 *   every "Juma" in the congregation to find the few Juma Kweka.
 */
export async function searchLocalMembers(institutionId: number, query: string, limit = 20, database: SadakaDb = db): Promise<LocalMember[]> {
  const words = queryWords(query);
  if (words.length === 0 || limit <= 0) return [];
  const range = (word: string) => database.members.where('tokens').startsWith(`${institutionId}:${word}`);
  let found: StoredMember[];
  if (words.length === 1) {
    found = await range(words[0]!).distinct().limit(limit).toArray();
  } else {
    const keySets = (await Promise.all(words.map((word) => range(word).primaryKeys()))).sort((a, b) => a.length - b.length);
    const [smallest, ...others] = keySets as [string[], ...string[][]];
    const lookups = others.map((keys) => new Set(keys));
    const keys = [...new Set(smallest)].filter((key) => lookups.every((lookup) => lookup.has(key))).slice(0, limit);
    found = (await database.members.bulkGet(keys)).filter((member) => member !== undefined);
  }
  return found.map(toLocalMember).sort(byName);
}

function toLocalMember({ tokens: _tokens, ...member }: StoredMember): LocalMember {
  return member;
}

function byName(a: LocalMember, b: LocalMember): number {
  return a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName) || a.key.localeCompare(b.key);
}
