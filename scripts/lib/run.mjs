// Runs a tool from node_modules/.bin (or any command) with the terminal attached.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

export function bin(name) {
  const local = join(root, 'node_modules/.bin', name);
  return existsSync(local) ? local : name;
}

/** Resolves when the command exits 0; rejects with its exit code otherwise. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(bin(command), args, { stdio: 'inherit', cwd: root, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(Object.assign(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`), { exitCode: code ?? 1 }));
    });
  });
}

/**
 * Starts a long-running child and passes SIGINT/SIGTERM on to it, so its graceful shutdown runs;
 * this process then exits with the child's code.
 */
export function supervise(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
  const forward = (signal) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
