import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-client';
import { clearCachedData, db, menuCacheKey } from '../../src/lib/db';
import { getStoredProfile, saveSession } from '../../src/lib/session';
import { fetchMenu, fetchProfile, menuQuery, profileQuery } from '../../src/lib/session-queries';
import { jsonResponse, makeMenu, makeProfile, testQueryClient } from './helpers';

beforeEach(async () => {
  await clearCachedData();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const offline = () => vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

describe('offline shell data', () => {
  it('stores the menu in Dexie when online and reads it back when the network is down', async () => {
    const menu = makeMenu();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, menu)));
    await expect(fetchMenu(7, 'sw')).resolves.toEqual(menu);
    expect((await db.menu.get(menuCacheKey(7, 'sw')))?.items).toEqual(menu);

    offline();
    await expect(fetchMenu(7, 'sw')).resolves.toEqual(menu);
    // The English menu was never fetched: offline, the Swahili copy is relabelled in English.
    const english = await fetchMenu(7, 'en');
    expect(english.map((item) => item.text)).toEqual(['Dashboard', 'Members', 'Settings']);
    expect(english[2]!.children?.map((child) => [child.text, child.target])).toEqual([['Currencies', '/settings/currencies']]);
    // With no menu cached in any language there is nothing to show.
    await expect(fetchMenu(8, 'en')).rejects.toThrow();
  });

  it('opens the shell offline through TanStack Query with only Dexie to go on', async () => {
    const profile = makeProfile({ name: 'From Dexie' });
    await db.profile.put({ key: 'me', profile, savedAt: Date.now() });
    await db.menu.put({ key: menuCacheKey(profile.id, 'sw'), items: makeMenu(), savedAt: Date.now() });
    offline();
    const client = testQueryClient();
    await expect(client.fetchQuery(profileQuery())).resolves.toMatchObject({ name: 'From Dexie' });
    await expect(client.fetchQuery(menuQuery(profile.id, 'sw'))).resolves.toHaveLength(3);
  });

  it('refreshes the stored profile when the server answers', async () => {
    saveSession('tok', makeProfile({ name: 'Old' }));
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, makeProfile({ name: 'New' }))));
    await fetchProfile();
    expect(getStoredProfile()?.name).toBe('New');
    expect((await db.profile.get('me'))?.profile.name).toBe('New');
  });

  it('does not hide a server error behind cached data', async () => {
    await db.menu.put({ key: menuCacheKey(7, 'sw'), items: makeMenu(), savedAt: Date.now() });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { statusCode: 401, code: 'session_expired', message: 'x' })));
    const error = await fetchMenu(7, 'sw').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
  });
});
