import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages';
import { getCurrentLocale } from '../../src/lib/current-locale';
import { activateLocale, readLocaleCookie, writeLocaleCookie } from '../../src/lib/i18n';

afterAll(async () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('locale activation', () => {
  it('loads the Swahili catalogue on demand, including the shared domain messages', async () => {
    await activateLocale('sw');
    expect(i18n.locale).toBe('sw');
    expect(getCurrentLocale()).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
    expect(i18n._(messages.invalidCredentials)).toBe('Jina la mtumiaji au nenosiri si sahihi');
    expect(i18n._({ ...messages.fieldRequired, values: { field: 'Nenosiri' } })).toBe('Nenosiri haiwezi kuwa tupu');
  });

  it('switches to English', async () => {
    await activateLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n._(messages.invalidCredentials)).toBe('Wrong username or password');
  });

  it('remembers the language in the lang cookie', () => {
    writeLocaleCookie('en');
    expect(readLocaleCookie()).toBe('en');
    expect(readLocaleCookie('other=1; lang=sw')).toBe('sw');
    expect(readLocaleCookie('lang=fr')).toBeNull();
  });
});
