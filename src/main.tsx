import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/styles.css';
import { installChunkReload } from './lib/chunk-reload';
import { activateLocale, readLocaleCookie } from './lib/i18n';
import { localizedPath, stripLocale } from '../domain/paths';
import { registerServiceWorker } from './lib/pwa';

installChunkReload();
if (import.meta.env.PROD) registerServiceWorker();

// A bare (Swahili) address opened by someone who chose English last time moves to /en before the first paint.
const { locale: pathLocale, path } = stripLocale(window.location.pathname);
const locale = pathLocale === 'sw' && readLocaleCookie() === 'en' ? 'en' : pathLocale;
if (locale !== pathLocale) {
  window.history.replaceState(null, '', `${localizedPath(path, locale)}${window.location.search}${window.location.hash}`);
}

await activateLocale(locale);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
