import { describe, expect, it } from 'vitest';
import { toLocale } from '../../domain/locale';
import { localizedPath, paths, stripLocale } from '../../domain/paths';

describe('locale-prefixed paths', () => {
  it('keeps Swahili unprefixed and puts English under /en', () => {
    expect(localizedPath(paths.members, 'sw')).toBe('/members');
    expect(localizedPath(paths.members, 'en')).toBe('/en/members');
    expect(localizedPath(paths.login, 'en')).toBe('/en');
  });

  it('round-trips any path through stripLocale', () => {
    for (const path of Object.values(paths)) {
      for (const locale of ['sw', 'en'] as const) {
        expect(stripLocale(localizedPath(path, locale))).toEqual({ locale, path });
      }
    }
  });

  it('does not mistake a path that merely starts with "en" for English', () => {
    expect(stripLocale('/entity/4')).toEqual({ locale: 'sw', path: '/entity/4' });
    expect(stripLocale('/entityDashboard')).toEqual({ locale: 'sw', path: '/entityDashboard' });
  });

  it('reads the Lang header leniently and defaults to Swahili', () => {
    expect(toLocale('en')).toBe('en');
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale('fr')).toBe('sw');
    expect(toLocale(undefined)).toBe('sw');
  });
});
