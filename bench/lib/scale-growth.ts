import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { printTable, writeResult } from './results';

const file = fileURLToPath(new URL('../results.json', import.meta.url));

type Timed = { call: string; p95: number };
type SizedRun = { members: number; transactions: number; calls: Timed[]; measuredAt?: string };

/**
 * Issue 15's growth budget: "at 10× the data each p95 stays ≤ 2× its default-size value: print
 * both". Each full run of a scale bench is kept per data size in bench/results.json
 * (`<bench>@<members>`), so the default size and the 10× database can be measured one after the
 * other (`DATABASE_URL=… npm run bench -- scale` twice). When the file holds a run of the same bench
 * at about ten times (or a tenth of) this run's members — the seed adds the demo's members to the
 * round numbers — the growth table is printed. Returns how many calls grew more than twofold.
 */
export function recordGrowth(bench: string, run: SizedRun): number {
  writeResult(`${bench}@${run.members}`, run);
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const others = Object.entries(all)
    .filter(([key]) => key.startsWith(`${bench}@`))
    .map(([, value]) => value as SizedRun)
    .filter((other) => other.members > 0 && [other.members / run.members, run.members / other.members].some((ratio) => ratio >= 8 && ratio <= 12));
  const other = others[0];
  if (!other) {
    console.log(`growth: no run of ${bench} at ten times or a tenth of ${run.members.toLocaleString('en')} members in bench/results.json yet`);
    return 0;
  }
  const [small, large] = other.members < run.members ? [other, run] : [run, other];
  const largeP95 = new Map(large.calls.map((call) => [call.call, call.p95]));
  const rows = small.calls
    .filter((call) => largeP95.has(call.call))
    .map((call) => {
      const grown = largeP95.get(call.call)!;
      const ratio = call.p95 > 0 ? Math.round((grown / call.p95) * 100) / 100 : 0;
      return { call: call.call, [`p95 at ${small.members.toLocaleString('en')}`]: call.p95, [`p95 at ${large.members.toLocaleString('en')}`]: grown, ratio, budget: '≤ 2', ok: ratio <= 2 ? 'yes' : 'NO' };
    });
  console.log(`\ngrowth (${bench}): ${small.transactions.toLocaleString('en')} → ${large.transactions.toLocaleString('en')} transactions; measured ${small.measuredAt ?? 'now'} and ${large.measuredAt ?? 'now'}`);
  if (rows.length === 0) console.log('no call was measured at both sizes under the same name');
  printTable(rows);
  return rows.filter((row) => row.ok !== 'yes').length;
}

/** The data size a scale bench ran against: members and transactions in DATABASE_URL. */
export async function dataSize(databaseUrl: string): Promise<{ members: number; transactions: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ members: number; transactions: number }>(
      `select (select count(*) from members)::int as members, (select count(*) from transactions)::int as transactions`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}
