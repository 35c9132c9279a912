import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '../../domain/api/auth';
import type { MenuItem } from '../../domain/api/shell';
import { apiPaths } from '../../domain/api-paths';
import { LOCALES, type Locale } from '../../domain/locale';
import { api, apiRequest } from './api-client';
import { db, menuCacheKey } from './db';
import { relabelMenu } from './menu-relabel';
import { networkWithLocalCopy } from './offline-first';
import { getStoredProfile, saveProfile } from './session';

/** Query keys of the signed-in session; shared by the shell, the route guard and the auth pages. */
export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
  menu: (profileId: number, locale: Locale) => [...sessionKeys.all, 'menu', profileId, locale] as const,
};

export async function rememberProfile(profile: Profile): Promise<void> {
  saveProfile(profile);
  await db.profile.put({ key: 'me', profile, savedAt: Date.now() });
}

export function fetchProfile(): Promise<Profile> {
  return networkWithLocalCopy(() => api.get<Profile>(apiPaths.profile), {
    read: async () => (await db.profile.get('me'))?.profile ?? getStoredProfile() ?? undefined,
    write: rememberProfile,
  });
}

export const profileQuery = () =>
  queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: fetchProfile,
    // The stored profile paints the shell at once; the fetch then refreshes it.
    initialData: () => getStoredProfile() ?? undefined,
    initialDataUpdatedAt: 0,
  });

export function fetchMenu(profileId: number, locale: Locale): Promise<MenuItem[]> {
  const key = menuCacheKey(profileId, locale);
  return networkWithLocalCopy(() => apiRequest<MenuItem[]>(apiPaths.generateMenu(profileId), { locale }), {
    read: async () => (await db.menu.get(key))?.items ?? (await cachedMenuInAnotherLanguage(profileId, locale)),
    write: (items) => db.menu.put({ key, items, savedAt: Date.now() }),
  });
}

/** Offline after a language switch: the menu cached in another language, relabelled in this one. */
async function cachedMenuInAnotherLanguage(profileId: number, locale: Locale): Promise<MenuItem[] | undefined> {
  for (const other of LOCALES) {
    if (other === locale) continue;
    const items = (await db.menu.get(menuCacheKey(profileId, other)))?.items;
    if (items) return relabelMenu(items, locale);
  }
  return undefined;
}

export const menuQuery = (profileId: number, locale: Locale) =>
  queryOptions({
    queryKey: sessionKeys.menu(profileId, locale),
    queryFn: () => fetchMenu(profileId, locale),
    staleTime: 5 * 60_000,
  });
