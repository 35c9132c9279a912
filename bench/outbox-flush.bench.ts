// 1,000 receipts queued offline, then flushed against the REAL server on loopback (performance.md:
// ≤ 10 s, in batches, not one request each). The server is the app the tests build (in-memory
// PGlite, every route and plugin, SMS through its simulator); the client is the real outbox code
// with IndexedDB from fake-indexeddb (Node has none). The median of a few rounds, each on a fresh
// device queue; the machine is shared and noisy.
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { db } from '../src/lib/db';
import { flushOutbox } from '../src/lib/offline/flush';
import { recordReceipt } from '../src/lib/offline/record-receipt';
import { createHttpTransport, type OutboxTransport } from '../src/lib/offline/transport';
import { createCurrency, createOfferingType } from '../test/factories/desk';
import { signIn } from '../test/factories/sign-in';
import { createWorld } from '../test/factories/world';
import { createTestApp } from '../test/server/harness';
import { printTable, writeResult } from './lib/results';

const RECEIPTS = 1000;
const ROUNDS = Number(process.env.OUTBOX_FLUSH_ROUNDS ?? 3);
const BUDGET_SECONDS = 10;

const server = await createTestApp();
try {
  const database = server.database.db;
  const world = await createWorld(database);
  await createCurrency(database);
  const tithe = await createOfferingType(database, { institutionId: world.churchA.id, title: 'Zaka' });
  const offering = await createOfferingType(database, { institutionId: world.churchA.id, title: 'Sadaka' });
  const treasurer = world.users.church;
  const { token } = await signIn(server.app, treasurer);
  const http = createHttpTransport({
    baseUrl: `${server.baseUrl}/api`,
    auth: async () => ({ token, userId: treasurer.id, locale: 'sw' }),
  });
  // Times the round trips, so the table can say how much of the flush is the server and how much the device.
  const wire = { ms: 0, requests: 0 };
  const transport: OutboxTransport = {
    auth: http.auth,
    async send(...args) {
      const started = performance.now();
      try {
        return await http.send(...args);
      } finally {
        wire.ms += performance.now() - started;
        wire.requests += 1;
      }
    },
  };

  const rounds: { seconds: number; serverSeconds: number; requests: number; created: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    db.close();
    await db.delete();
    await db.open();
    for (let index = 0; index < RECEIPTS; index++) {
      await recordReceipt({
        institutionId: world.churchA.id,
        institutionCode: world.churchA.code ?? 'MWG',
        batchId: null,
        member: null,
        payer: { name: `Mtoaji ${index}`, phone: `+2557130${String(index).padStart(5, '0')}` },
        lines: [
          { offeringTypeId: tithe.id, amount: 1_000_000 + index },
          { offeringTypeId: offering.id, amount: 250_000 },
        ],
        currency: 'TZS',
        receivedAt: new Date().toISOString(),
        method: 'cash',
        recordedBy: { id: treasurer.id, name: treasurer.name },
      });
    }
    const before = await countTransactions();
    wire.ms = 0;
    wire.requests = 0;
    const started = performance.now();
    for (let pass = 0; pass < 20 && (await db.outbox.count()) > 0; pass++) {
      const outcome = await flushOutbox(transport, { reason: 'manual', locks: null });
      if (outcome.status !== 'done') throw new Error(`flush stopped: ${outcome.status}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const left = await db.outbox.count();
    const created = (await countTransactions()) - before;
    if (left !== 0 || created !== RECEIPTS) throw new Error(`expected ${RECEIPTS} receipts stored once, got ${created} (${left} left on the device)`);
    rounds.push({ seconds, serverSeconds: wire.ms / 1000, requests: wire.requests, created });
  }

  const sorted = [...rounds].sort((a, b) => a.seconds - b.seconds);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  const median = middle.seconds;
  const ok = median <= BUDGET_SECONDS;
  console.log(`\nOutbox flush: ${RECEIPTS} queued receipts to the real server on loopback (PGlite, fake-indexeddb in Node)\n`);
  printTable([
    {
      what: `${RECEIPTS} receipts flushed`,
      'median s': median.toFixed(2),
      'of which server round trips s': middle.serverSeconds.toFixed(2),
      rounds: sorted.map((r) => r.seconds.toFixed(2)).join(' / '),
      requests: middle.requests,
      budget: `≤ ${BUDGET_SECONDS} s`,
      result: ok ? 'ok' : 'OVER BUDGET',
    },
  ]);
  writeResult('outboxFlush', { receipts: RECEIPTS, rounds, medianSeconds: median, medianServerSeconds: middle.serverSeconds, budgetSeconds: BUDGET_SECONDS, ok, environment: 'Node, fake-indexeddb, in-memory PGlite server on loopback' });
  if (!ok) process.exitCode = 1;

  async function countTransactions(): Promise<number> {
    const { rows } = await server.database.raw.query(`select count(*)::int as n from transactions where institution_id = ${world.churchA.id}`);
    return Number((rows[0] as { n?: number } | undefined)?.n ?? 0);
  }
} finally {
  db.close();
  await server.close();
}
