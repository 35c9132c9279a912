import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/app/pwa-manifest.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    // The Lingui macro must run before React's transform sees the JSX.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: pwaManifest,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'] },
      devOptions: { enabled: false },
    }),
  ],
  build: { outDir: 'dist/client', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': apiTarget } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['test/domain/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['test/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/client/setup.ts'],
        },
      },
    ],
  },
});
