/**
 * A tiny seeded PRNG (mulberry32) so the demo data is the same on every machine and every run:
 * screenshots, e2e tests and the README's examples all see the same churches, people and totals.
 */
export type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  weighted: <T>(entries: ReadonlyArray<readonly [T, number]>) => T;
  chance: (probability: number) => boolean;
  digits: (count: number) => string;
  uuid: () => string;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };
  const weighted = <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  };
  const hex = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 16).toString(16)).join('');
  return {
    next,
    int,
    pick,
    weighted,
    chance: (probability) => next() < probability,
    digits: (count) => Array.from({ length: count }, () => String(Math.floor(next() * 10))).join(''),
    // Version 4 layout so the ids look and validate like any other uuid.
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
  };
}
