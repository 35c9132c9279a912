import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { createServer, type Plugin } from 'vite';
import { pwaManifest } from './src/app/pwa-manifest.ts';
import { GIVE_MANIFEST_FILE, giveManifest } from './src/give/give-manifest.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

const GIVE_EN_HTML = 'give-en.html';

/** Renders the giving page's first screen in both languages through Vite's SSR loader (same macro and catalog plugins). */
async function prerenderGivingPage(): Promise<Record<'sw' | 'en', string>> {
  const server = await createServer({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
  });
  try {
    const { renderGivePage } = (await server.ssrLoadModule('/src/give/prerender.tsx')) as { renderGivePage: (locale: 'sw' | 'en') => string };
    return { sw: renderGivePage('sw'), en: renderGivePage('en') };
  } finally {
    await server.close();
  }
}

/**
 * The public giving page is a second, light entry (give.html, docs/decisions/009-giving-page.md):
 * its own web manifest is emitted with the build, and the dev server answers /give-offerings and
 * /en/give-offerings with give.html the way server/plugins/static-client.ts does in production.
 */
function givingPage(): Plugin {
  const manifestText = `${JSON.stringify(giveManifest, null, 2)}\n`;
  return {
    name: 'sadaka-giving-page',
    // After VitePWA's own post-transform, which is what adds the admin manifest link.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: GIVE_MANIFEST_FILE, source: manifestText });
      const page = bundle['give.html'];
      if (page?.type !== 'asset') return;
      // The first screen pre-rendered per language (src/give/prerender.tsx): give.html (sw) and
      // give-en.html, served for /give-offerings and /en/give-offerings, hydrated by main.tsx.
      const rendered = await prerenderGivingPage();
      const template = String(page.source);
      const fill = (locale: 'sw' | 'en') =>
        template
          .replace('<html lang="sw">', `<html lang="${locale}">`)
          .replace(/<link rel="modulepreload"[^>]*data-catalog="(sw|en)">/g, (link, catalog: string) => (catalog === locale ? link.replace(/ data-catalog="\w+"/, '') : ''))
          .replace('<div id="root"></div>', `<div id="root" data-prerendered="${locale}">${rendered[locale]}</div>`);
      page.source = fill('sw');
      this.emitFile({ type: 'asset', fileName: GIVE_EN_HTML, source: fill('en') });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('give.html')) return html;
        // The page's catalog is fetched with the rest of its JS instead of after it has run (one
        // round trip less before it can take over); generateBundle puts in the one of its language.
        const catalogs = Object.values(context.bundle ?? {})
          .flatMap((file) => {
            const locale = file.type === 'chunk' ? /locales[\\/]give[\\/](sw|en)[\\/]messages\.po$/.exec(file.facadeModuleId ?? '')?.[1] : undefined;
            return locale ? [`<link rel="modulepreload" crossorigin href="/${file.fileName}" data-catalog="${locale}">`] : [];
          })
          .join('');
        return (
          html
            // VitePWA links the admin app's manifest into every page; the giving page has its own.
            .replace(/\s*<link rel="manifest" href="\/manifest\.webmanifest"[^>]*>/g, '')
            .replace('</head>', `${catalogs}</head>`)
            // The first screen is in the HTML (pre-rendered): it paints with the stylesheet, and
            // the JS only makes it interactive, so the stylesheet goes first on a slow network.
            .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
            .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin')
        );
      },
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const pathname = (request.url ?? '/').split('?')[0];
        if (pathname === `/${GIVE_MANIFEST_FILE}`) {
          response.setHeader('content-type', 'application/manifest+json');
          response.end(manifestText);
          return;
        }
        if (pathname && /^\/(en\/)?give-offerings\/?$/.test(pathname)) request.url = `/give.html${request.url?.slice(pathname.length) ?? ''}`;
        next();
      });
    },
  };
}

/**
 * Writes file.br and file.gz beside every built text file; the server sends them as they are
 * (@fastify/static preCompressed) to browsers that accept them. The JS people download shrinks to
 * about a third, which is most of a first visit's data on a phone (docs/decisions/009-giving-page.md).
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'sadaka-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css|html|webmanifest|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const data = await readFile(path);
          if (data.length < 1024) return; // below one packet compression saves nothing
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

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
      // The members import worker carries ExcelJS (~1 MB) and works only online: fetched when used, never precached.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'], globIgnores: ['**/member-import.worker-*.js'] },
      devOptions: { enabled: false },
    }),
    givingPage(),
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Two pages: the admin PWA and the public giving page, each with its own initial JS.
      input: { index: 'index.html', give: 'give.html' },
      output: {
        // What both pages load at start, in a few files instead of a dozen tiny shared ones: each
        // request costs a round trip's share and ~1 KiB of headers on a phone's slow network.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'lingui', test: /[\\/]node_modules[\\/]@lingui[\\/]/ },
            {
              name: 'core',
              test: /[\\/](domain[\\/](money|paths|statuses|locale)|src[\\/]lib[\\/](api-client|session|current-locale)|src[\\/]components[\\/]ui[\\/]money-text)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
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
          // *.pg.test.ts need a real PostgreSQL (they kill its backends): CI's PostgreSQL run only.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['test/server/**/*.pg.test.ts'],
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
