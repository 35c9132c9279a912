// The local member search workload, shared by the Node and the Chromium runs: 10,000 members of one
// institution with Tanzanian-looking names, phones and codes (a fixed seed, so every run is the
// same), and keystroke sequences the way a treasurer types: a first name, a surname, a phone
// number in local form, a member code — one query per keystroke.
import type { CachedMember } from '../../domain/api/receipts';

export const INSTITUTION_ID = 3;
export const MEMBER_COUNT = 10_000;

const FIRST = ['Juma', 'Neema', 'Baraka', 'Amina', 'Rehema', 'Zawadi', 'Tumaini', 'Halima', 'Salum', 'Upendo', 'Imani', 'Faraja', 'Mwanaidi', 'Hassani', 'Grace', 'Joseph', 'Elia', 'Subira', 'Rashidi', 'Pendo'];
const LAST = ['Mwakyusa', 'Kweka', 'Lyimo', 'Mushi', 'Massawe', 'Ndosi', 'Mrema', 'Mollel', 'Shirima', 'Temba', 'Kimaro', 'Swai', 'Urio', 'Njau', 'Minja', 'Mbwambo', 'Kisanga', 'Mfinanga', 'Lema', 'Macha'];

/** Park–Miller: tiny, deterministic, good enough to spread names. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

export function benchMembers(): CachedMember[] {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: MEMBER_COUNT }, (_, index) => {
    const id = index + 1;
    return {
      id,
      institutionId: INSTITUTION_ID,
      code: `MWG-${String(id).padStart(6, '0')}`,
      firstName: pick(FIRST),
      lastName: `${pick(LAST)}${next() < 0.5 ? '' : pick(['', 'a', 'i', 'o'])}`,
      phone: `+2557${pick(['1', '5', '6', '8'])}${String(Math.floor(next() * 1e8)).padStart(8, '0')}`,
      preferredLanguage: next() < 0.8 ? 'sw' : 'en',
      zoneId: null,
      deleted: false,
    };
  });
}

/** Every prefix of each typed text, as the search box sees it keystroke by keystroke. */
export function keystrokes(members: readonly CachedMember[], people = 40): string[] {
  const next = random(7);
  const queries: string[] = [];
  for (let n = 0; n < people; n++) {
    const member = members[Math.floor(next() * members.length)]!;
    const local = `0${member.phone.slice(4)}`;
    const texts = [member.firstName, `${member.firstName} ${member.lastName.slice(0, 4)}`, member.lastName, local, member.code];
    const text = texts[n % texts.length]!;
    for (let length = 1; length <= text.length; length++) queries.push(text.slice(0, length));
  }
  return queries;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
