// Bundled by bench/outbox-member-search.bench.ts into a tiny page, so the REAL search code runs on
// Chromium's IndexedDB. The page exposes two calls for page.evaluate.
import { db } from '../../src/lib/db';
import { storeMemberPage } from '../../src/lib/offline/refresh-cache';
import { searchLocalMembers } from '../../src/lib/offline/search-members';
import { benchMembers, INSTITUTION_ID, keystrokes } from './member-search-workload';

declare global {
  interface Window {
    seedMembers: () => Promise<number>;
    timeKeystrokes: () => Promise<{ timings: number[]; found: number }>;
  }
}

window.seedMembers = async () => {
  await db.open();
  await db.members.clear();
  const members = benchMembers();
  for (let start = 0; start < members.length; start += 2000) await storeMemberPage(members.slice(start, start + 2000));
  return db.members.count();
};

window.timeKeystrokes = async () => {
  const queries = keystrokes(benchMembers());
  // One warm-up pass, as after the first keystroke of the day.
  for (const query of queries.slice(0, 20)) await searchLocalMembers(INSTITUTION_ID, query);
  const timings: number[] = [];
  let found = 0;
  for (const query of queries) {
    const started = performance.now();
    const result = await searchLocalMembers(INSTITUTION_ID, query);
    timings.push(performance.now() - started);
    found += result.length;
  }
  return { timings, found };
};
