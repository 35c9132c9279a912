import { expect } from 'vitest';
import type { TestApp } from './harness';

export type Row = Record<string, unknown>;
export type Page = { data: Row[]; nextCursor: string | null; count?: number };

/**
 * Walks a list page by page, by cursor and by the spec's offset (ADR 062), for one caller: the
 * keyset tests compare the two walks row for row.
 */
export function keysetWalker(t: TestApp, headersOf: (who: string) => Record<string, string>) {
  const withParams = (path: string, query: string, params: string) => `${path}?${[query, params].filter(Boolean).join('&')}`;

  /** One page as the caller sees it (200 expected); `Reply` names what else the list answers beside the page. */
  const get = async <Reply extends Page = Page>(who: string, url: string): Promise<Reply> => {
    const res = await t.app.inject({ method: 'GET', url, headers: headersOf(who) });
    expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
    return res.json() as Reply;
  };

  /** Every page by cursor, from `cursor` (the first page when null); at most `pages` so a cursor that never ends fails instead of hanging. */
  async function byCursor(who: string, path: string, query: string, limit: number, cursor: string | null = null, pages = 500): Promise<Row[]> {
    const rows: Row[] = [];
    for (let i = 0; i < pages; i++) {
      const page: Page = await get(who, withParams(path, query, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
      rows.push(...page.data);
      cursor = page.nextCursor;
      if (!cursor) return rows;
    }
    throw new Error(`${path} did not end within ${pages} pages`);
  }

  async function byOffset(who: string, path: string, query: string, limit: number): Promise<Row[]> {
    const rows: Row[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await get(who, withParams(path, query, `limit=${limit}&offset=${offset}`));
      rows.push(...page.data);
      if (page.data.length < limit) return rows;
    }
  }

  /** The cursor walk equals the offset walk (by `key`), holds every row once and as many as the count says; answers the cursor walk. */
  async function expectSameWalk(who: string, path: string, query: string, limit: number, key = 'id'): Promise<Row[]> {
    const cursorRows = await byCursor(who, path, query, limit);
    const keys = cursorRows.map((row) => String(row[key]));
    expect({ who, query, keys }).toEqual({ who, query, keys: (await byOffset(who, path, query, limit)).map((row) => String(row[key])) });
    expect(new Set(keys).size, `${who} ${path}?${query}: a row twice`).toBe(keys.length);
    const first = await get(who, withParams(path, query, 'limit=1'));
    if (first.count !== undefined) expect({ who, query, count: first.count }).toEqual({ who, query, count: keys.length });
    return cursorRows;
  }

  return { get, byCursor, byOffset, expectSameWalk, withParams };
}
