import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { type SeedCounts, seedDemo } from './demo-seed';

export type SeedOutcome = { seeded: true; counts: SeedCounts; ms: number } | { seeded: false; reason: string };

/**
 * Seeds the demo data once per database. The marker table is written in the same transaction as
 * the data, so a crash mid-seed leaves neither; the advisory lock stops two replicas starting
 * together from both seeding one PostgreSQL.
 */
export async function ensureSeeded(database: Database, options: { demoPassword: string; now: Date }): Promise<SeedOutcome> {
  const started = performance.now();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sadaka:seed'))`);
    // Kept outside the drizzle schema on purpose: it is bookkeeping of this start-up script, not
    // product data. Created under the lock: two concurrent `create table if not exists` can both
    // miss the table and one then fails on the catalog's unique index.
    await tx.execute(
      sql`create table if not exists seed_marker (name text primary key, version integer not null, counts jsonb not null, seeded_at timestamptz not null default now())`,
    );
    const marker = await tx.execute(sql`select 1 from seed_marker where name = 'demo'`);
    if (rowsOf(marker).length > 0) return { seeded: false as const, reason: 'already seeded' };
    const existing = await tx.execute(sql`select 1 from institutions limit 1`);
    if (rowsOf(existing).length > 0) return { seeded: false as const, reason: 'the database already holds institutions; not adding demo data' };
    // The seed builds consistent ids itself; skipping the per-row foreign-key triggers makes the
    // bulk load ~3x faster. Only a superuser may (PGlite always is); elsewhere the checks just run.
    const superuser = await tx.execute(sql`select current_setting('is_superuser') = 'on' as yes`);
    if ((rowsOf(superuser)[0] as { yes?: boolean } | undefined)?.yes) await tx.execute(sql`set local session_replication_role = replica`);
    const counts = await seedDemo(tx as never, options);
    await tx.execute(sql`set local session_replication_role = origin`);
    // Replica mode also skipped the trigger that copies members' names onto their transactions (migration 0023).
    await tx.execute(sql`select transactions_member_names_fill()`);
    // Replica mode skipped the read model's triggers too (when it was on): count the seeded money
    // once, set-based, which is faster than the triggers anyway (ADR 030).
    await tx.execute(sql`select read_model_rebuild(null)`);
    await tx.execute(sql`select participation_rebuild()`);
    // And the payer phones' suffixes the search reads (migration 0047).
    await tx.execute(sql`select payer_phone_suffixes_rebuild()`);
    await tx.execute(sql`insert into seed_marker (name, version, counts) values ('demo', 1, ${JSON.stringify(counts)}::jsonb)`);
    return { seeded: true as const, counts, ms: Math.round(performance.now() - started) };
  });
}

/** node-postgres returns { rows }, PGlite's drizzle driver returns { rows } too; be tolerant of arrays. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows?: unknown[] }).rows ?? [];
}
