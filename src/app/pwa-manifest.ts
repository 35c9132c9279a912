import type { ManifestOptions } from 'vite-plugin-pwa';

export const pwaManifest: Partial<ManifestOptions> = {
  name: 'Sadaka',
  short_name: 'Sadaka',
  start_url: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#0b5d3b',
  icons: [],
};
