import { fileURLToPath } from 'node:url';

/**
 * The repository root, for the files the server reads at run time (the catalogs in locales/, the
 * migrations in server/db/migrations/). Two levels up from this file in the sources (server/lib/)
 * and from the compiled server (dist/server/server.mjs, built by scripts/lib/server-build.mjs), so
 * `npm start` and `tsx` read the same files.
 */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
