import type { ManifestOptions } from 'vite-plugin-pwa';

// Read by vite.config.ts at build time: plain data only, no React or Lingui here.
export const THEME_COLOR = '#0b5d4b';
export const BACKGROUND_COLOR = '#f5f7f6';

export const pwaManifest: Partial<ManifestOptions> = {
  name: 'Sadaka',
  short_name: 'Sadaka',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the manifest is static, so it carries both languages at once
  description: 'Sadaka: malipo ya kidini yamerahisishwa — Religious Payments Made Easy',
  lang: 'sw',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
