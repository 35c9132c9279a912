import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '../../domain/locale';
import { messages as enMessages } from '../../locales/give/en/messages.po';
import { messages as swMessages } from '../../locales/give/sw/messages.po';
import { GiveApp } from './give-app';

const catalogs: Record<Locale, Messages> = { sw: swMessages as Messages, en: enMessages as Messages };

/**
 * The giving page's first screen (the phone step) rendered at build time, once per language, into
 * give.html and give-en.html (vite.config.ts). A phone on a slow network sees the form as soon as
 * the HTML and CSS arrive; main.tsx then hydrates the same markup instead of drawing it again.
 */
export function renderGivePage(locale: Locale): string {
  i18n.loadAndActivate({ locale, messages: catalogs[locale] });
  return renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <GiveApp start={{ step: 'phone', giver: null }} />
      </I18nProvider>
    </StrictMode>,
  );
}
