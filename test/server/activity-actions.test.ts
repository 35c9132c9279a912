import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS } from '../../domain/activity-actions';

/**
 * The activity log's codes are read by people through the catalogs, so every code the server writes
 * must be in domain/activity-actions.ts (the client's label map is typed on that list). A code added
 * in a service without it would reach the screen raw: this reads the server's source for quoted
 * "<area>.<name>" codes of the log's areas and holds them to the list.
 */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const areas = ACTIVITY_AREAS.map((area) => area.replace(/[-_]/g, (c) => `\\${c}`)).join('|');
const quotedCode = new RegExp(`['\`]((?:${areas})\\.[A-Za-z0-9_-]+)['\`]`, 'g');

describe('activity log codes', () => {
  const written = new Map<string, string>();
  for (const file of sourceFiles('server')) {
    for (const match of readFileSync(file, 'utf8').matchAll(quotedCode)) written.set(match[1]!, file);
  }

  it('finds the codes the services write', () => {
    // The scan itself works: codes of several areas are found where they are written.
    expect(written.get('auth.login')).toBe(join('server', 'services', 'auth', 'login.ts'));
    expect(written.has('request.approved')).toBe(true);
    expect(written.has('receipt-batch.closed')).toBe(true);
    expect(written.size).toBeGreaterThan(40);
  });

  it('lists every code the server writes', () => {
    const missing = [...written].filter(([code]) => !(ACTIVITY_ACTIONS as readonly string[]).includes(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has each area of the list in use, and each action in its area', () => {
    for (const action of ACTIVITY_ACTIONS) expect(ACTIVITY_AREAS).toContain(action.slice(0, action.indexOf('.')));
  });
});
