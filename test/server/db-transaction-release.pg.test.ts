import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../server/db/client';
import { executedRows } from '../../server/services/desk/unnest-insert';
import { createScratchDatabase } from './harness';

/**
 * A TCP proxy in front of PostgreSQL that, while armed, cuts the connection that sends `begin`: the
 * moment a restart or pg_terminate_backend can hit between the pool handing out a connection and the
 * transaction starting on it, made to happen every time.
 */
async function beginCuttingProxy(target: URL): Promise<{ url: (database: string) => string; arm: (on: boolean) => void; cuts: () => number; close: () => Promise<void> }> {
  let armed = false;
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((front) => {
    const back = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [front, back]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    front.on('data', (chunk) => {
      if (armed && chunk.includes('begin')) {
        cuts++;
        front.destroy();
        back.destroy();
        return;
      }
      back.write(chunk);
    });
    back.on('data', (chunk) => front.write(chunk));
    front.on('close', () => back.destroy());
    back.on('close', () => front.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: (database) => {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    arm: (on) => {
      armed = on;
    },
    cuts: () => cuts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Resolves 'closed', or 'still open' when the pool has not ended within `ms` (a connection still checked out). */
async function closedWithin(database: Database, ms: number): Promise<'closed' | 'still open'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still open'>((resolve) => {
    timer = setTimeout(() => resolve('still open'), ms);
  });
  const closing = database.close().then(() => 'closed' as const);
  try {
    return await Promise.race([closing, late]);
  } finally {
    clearTimeout(timer);
  }
}

// PostgreSQL only (.pg.test.ts). The pool must get back every connection whose transaction could not begin.
describe('a transaction whose connection is lost at begin', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: Awaited<ReturnType<typeof beginCuttingProxy>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    proxy = await beginCuttingProxy(new URL(scratch.url));
  });
  afterAll(async () => {
    await proxy?.close();
    await scratch?.drop();
  });

  it('fails, gives its connection back, and leaves the pool able to run transactions and to close', async () => {
    const database = await openPostgres(proxy.url(new URL(scratch.url).pathname.slice(1)));
    let outcome: 'closed' | 'still open' = 'still open';
    try {
      proxy.arm(true);
      // More failed begins than the pool has connections (10): a leaked connection each would leave none.
      for (let i = 0; i < 12; i++) {
        await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      }
      expect(proxy.cuts()).toBe(12);
      proxy.arm(false);
      const rows = await database.db.transaction(async (tx) => executedRows<{ answer: number }>(await tx.execute(sql`select 41 + 1 as answer`)));
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      proxy.arm(false);
      outcome = await closedWithin(database, 10_000);
    }
    expect(outcome).toBe('closed');
  });
});
