// Read by vite.config.ts at build time: plain data only, no React or Lingui here.

/**
 * The giving page installs on its own: "Add to home screen" opens straight to giving. Its `id`
 * differs from the admin app's (whose start URL is /), so the two are separate apps; the scope is
 * the whole site so both /give-offerings and /en/give-offerings (a language switch) stay inside it.
 */
export const giveManifest = {
  id: '/give-offerings',
  name: 'Sadaka — Toa sadaka',
  short_name: 'Toa sadaka',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the manifest is static, so it carries both languages at once
  description: 'Toa sadaka kwa simu — Give an offering from your phone',
  lang: 'sw',
  start_url: '/give-offerings',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0b5d4b',
  background_color: '#f5f7f6',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;

export const GIVE_MANIFEST_FILE = 'give.webmanifest';
