import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openPglite } from '../../server/db/client';

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

/** Changes whenever a migration is added or edited, so a stale template is never used. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh in-memory PGlite, started from a migrated template instead of initdb + migrations (about
 * 3 s less per test file). The template is a dump kept in the temp directory per migrations hash;
 * the first file to need it makes it (write then rename, so a parallel worker never reads half a
 * file). Every test still gets its own database: the dump is only the starting image.
 */
export async function openPgliteFromTemplate(): Promise<Database> {
  const file = join(tmpdir(), `sadaka-pglite-template-${migrationsHash()}.tar`);
  if (existsSync(file)) return openPglite(null, { loadDataDir: new Blob([readFileSync(file)]) });
  const database = await openPglite(null);
  if (!database.dump) return database;
  const dump = await database.dump();
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  // Templates of older migration sets are 40 MB each and never read again.
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith('sadaka-pglite-template-') && name.endsWith('.tar') && join(tmpdir(), name) !== file) rmSync(join(tmpdir(), name), { force: true });
  }
  return database;
}
