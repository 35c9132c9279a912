import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { GiveApp, initialFlow } from './give-app';
import { activateGiveLocale, givePath, localeOfGivePath, readGiveLocaleCookie } from './give-locale';
import './give.css';

// The giving page's own entry (give.html): React, Lingui core and this folder only — no router,
// TanStack Query, Dexie, service worker or admin code (performance.md: ≤ 90 KiB gzip initial JS).

// A bare (Swahili) address opened by someone who chose English last time moves to /en first.
const pathLocale = localeOfGivePath(window.location.pathname);
const locale = pathLocale === 'sw' && readGiveLocaleCookie() === 'en' ? 'en' : pathLocale;
if (locale !== pathLocale) window.history.replaceState(null, '', `${givePath(locale)}${window.location.search}`);

await activateGiveLocale(locale);
const root = document.getElementById('root');
if (root) {
  const start = initialFlow();
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <GiveApp start={start} />
      </I18nProvider>
    </StrictMode>
  );
  // The HTML carries the phone step pre-rendered in the page's language (prerender.tsx): take it
  // over as it is. Anything else (a payment to resume, the other language) is drawn afresh.
  // As a transition React hydrates in small slices between which the browser stays responsive,
  // instead of one long task on a slow phone (the form is already visible, so nothing waits on it).
  const prerendered = root.dataset.prerendered;
  startTransition(() => {
    if (prerendered === locale && start.step === 'phone') hydrateRoot(root, app);
    else {
      root.replaceChildren();
      createRoot(root).render(app);
    }
  });
}
