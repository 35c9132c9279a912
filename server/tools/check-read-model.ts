// npm run check:read-model [-- --repair]: recomputes the read model (ADR 030) from transactions,
// their lines and the ledger, and compares it with the stored totals, to the shilling. Uses the
// same database as the server (DATABASE_URL, else the PGlite data directory DATA_DIR). Exit 1
// on any difference; --repair then rebuilds the totals from the ledger and checks again.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { readModelDifferences, rebuildReadModel } from '../services/read-model/read-model-check';

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let exitCode = 0;
try {
  const started = performance.now();
  let differences = await readModelDifferences(database.db);
  if (differences.length > 0 && process.argv.includes('--repair')) {
    console.log(`${differences.length} difference(s); rebuilding the read model from the ledger`);
    await rebuildReadModel(database.db);
    differences = await readModelDifferences(database.db);
  }
  const ms = Math.round(performance.now() - started);
  if (differences.length === 0) {
    console.log(`read model agrees with the ledger (${database.kind}, ${ms} ms)`);
  } else {
    exitCode = 1;
    console.log(`read model DISAGREES with the ledger in ${differences.length} row(s) (first 100 per table):`);
    console.table(differences.slice(0, 20));
  }
} finally {
  await database.close();
}
process.exit(exitCode);
