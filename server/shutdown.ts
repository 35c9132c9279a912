/**
 * Stops once on SIGINT/SIGTERM: close the app (no new requests, in-flight ones finish), jobs,
 * simulators and the database. PGlite must close cleanly or its data directory needs recovery on
 * the next start. A signal repeated later (a person pressing Ctrl+C again), or a stop that hangs,
 * exits at once.
 */
export function stopOnSignals(stop: () => Promise<void>, options: { timeoutMs?: number } = {}) {
  let stoppingSince = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince) {
      // Ctrl+C reaches this process and scripts/start.mjs (which forwards it) together: one press
      // arrives twice within milliseconds, so only a later signal means "stop waiting".
      if (Date.now() - stoppingSince < 2000) return;
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log(`\n${signal}: shutting down…`);
    const timer = setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, options.timeoutMs ?? 15_000);
    timer.unref();
    stop().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
