import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets from docs (shared guide, performance.md), in KiB of gzip. */
export const BUDGETS = { adminInitialKiB: 170, givingInitialKiB: 90, routeChunkKiB: 50 } as const;

export type EntryReport = {
  html: string;
  kind: 'admin' | 'giving';
  initialFiles: number;
  initialKiB: number;
  initialBudgetKiB: number;
  /** The largest lazily loaded chunk file: what the "each route chunk ≤ 50 KiB" budget is checked on. */
  largestRoute: { file: string; kiB: number } | null;
  /**
   * The most a first visit to one route adds on top of the initial load: its chunk plus every
   * shared chunk it imports that is not loaded yet (zod, libphonenumber…). Reported, not budgeted:
   * shared chunks are fetched once and cached, but this is the number to drive down.
   */
  largestFirstVisit: { file: string; kiB: number } | null;
  routeBudgetKiB: number;
  ok: boolean;
};

const KIB = 1024;
// Minified output quotes with ", ' or ` (rolldown uses backticks for dynamic imports).
const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g;

type Graph = { gzip: (file: string) => number; statics: (file: string) => string[]; dynamics: (file: string) => string[] };

function createGraph(dist: string): Graph {
  const sources = new Map<string, string>();
  const read = (file: string) => {
    let text = sources.get(file);
    if (text === undefined) {
      text = readFileSync(join(dist, file), 'utf8');
      sources.set(file, text);
    }
    return text;
  };
  const gzipSizes = new Map<string, number>();
  const targets = (file: string, pattern: RegExp) =>
    [...read(file).matchAll(pattern)].map((match) => posix.normalize(posix.join(posix.dirname(file), match[1]!)));
  return {
    gzip(file) {
      let size = gzipSizes.get(file);
      if (size === undefined) {
        size = gzipSync(read(file), { level: 9 }).length;
        gzipSizes.set(file, size);
      }
      return size;
    },
    statics: (file) => targets(file, STATIC_IMPORT),
    dynamics: (file) => targets(file, DYNAMIC_IMPORT),
  };
}

/** A file and everything it imports statically: what the browser must fetch before it runs. */
function closure(graph: Graph, roots: readonly string[], known = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file) || known.has(file)) continue;
    seen.add(file);
    stack.push(...graph.statics(file));
  }
  return seen;
}

const sum = (graph: Graph, files: Iterable<string>) => [...files].reduce((total, file) => total + graph.gzip(file), 0);

/**
 * Reads a vite build: for each HTML entry, the initial JS (entry script plus its static imports)
 * and the largest lazily loaded chunk, counted as what navigating to it adds on top of the
 * initial load (the chunk and its static imports not loaded yet).
 */
export function analyseBundle(dist: string): EntryReport[] {
  if (!existsSync(dist)) return [];
  const graph = createGraph(dist);
  const htmlFiles = readdirSync(dist).filter((name) => name.endsWith('.html'));
  return htmlFiles.map((html) => {
    const text = readFileSync(join(dist, html), 'utf8');
    const scripts = [...text.matchAll(/<script[^>]+type="module"[^>]+src="\/?([^"]+\.js)"/g)].map((match) => match[1]!);
    const preloads = [...text.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map((match) => match[1]!);
    const initial = closure(graph, [...scripts, ...preloads]);

    const lazy = new Set<string>();
    const queue = [...initial];
    while (queue.length > 0) {
      const file = queue.pop()!;
      for (const target of [...graph.dynamics(file), ...(lazy.has(file) ? graph.statics(file) : [])]) {
        if (initial.has(target) || lazy.has(target)) continue;
        if (graph.dynamics(file).includes(target)) lazy.add(target);
        queue.push(target);
      }
    }
    let largestRoute: EntryReport['largestRoute'] = null;
    let largestFirstVisit: EntryReport['largestFirstVisit'] = null;
    for (const chunk of lazy) {
      const own = graph.gzip(chunk) / KIB;
      if (!largestRoute || own > largestRoute.kiB) largestRoute = { file: chunk, kiB: own };
      const firstVisit = sum(graph, closure(graph, [chunk], initial)) / KIB;
      if (!largestFirstVisit || firstVisit > largestFirstVisit.kiB) largestFirstVisit = { file: chunk, kiB: firstVisit };
    }
    const kind = /giv/i.test(html) ? 'giving' : 'admin';
    const initialKiB = sum(graph, initial) / KIB;
    const initialBudgetKiB = kind === 'giving' ? BUDGETS.givingInitialKiB : BUDGETS.adminInitialKiB;
    return {
      html,
      kind,
      initialFiles: initial.size,
      initialKiB: round(initialKiB),
      initialBudgetKiB,
      largestRoute: largestRoute ? { file: largestRoute.file, kiB: round(largestRoute.kiB) } : null,
      largestFirstVisit: largestFirstVisit ? { file: largestFirstVisit.file, kiB: round(largestFirstVisit.kiB) } : null,
      routeBudgetKiB: BUDGETS.routeChunkKiB,
      ok: initialKiB <= initialBudgetKiB && (largestRoute?.kiB ?? 0) <= BUDGETS.routeChunkKiB,
    };
  });
}

const round = (value: number) => Math.round(value * 10) / 10;
