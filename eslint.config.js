// Lint rules that keep the three runtimes apart and every user-facing string in Lingui.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Features never import each other: each feature may import only itself among the features.
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features never import each other; lift shared code into src/lib or src/components.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: ['./src', './server', './test', './e2e'], message: 'domain/ is pure and shared: it imports nothing of ours.' },
            { target: './src', from: './server', message: 'The PWA never imports the server.' },
            { target: './server', from: './src', message: 'The server never imports the PWA.' },
            { target: './src/lib', from: ['./src/features', './src/app'], message: 'src/lib sits below features and app.' },
            { target: './src/components', from: ['./src/features', './src/app'], message: 'src/components sits below features and app.' },
            { target: './src/sw', from: ['./src/app', './src/features', './src/components'], message: 'The service worker uses only src/lib and domain.' },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-dom', 'dexie', 'drizzle-orm', 'drizzle-orm/*', 'fastify', '@lingui/react'], message: 'domain/ has no React, Node built-ins, Dexie or drizzle.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { lingui, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // single tokens that are not sentences: keys, class names, routes, ids
            '^(?![A-Z])\\S+$',
            '^[A-Z0-9_-]+$',
            // CSS-ish values and media queries
            '^[\\w\\s.#%(),:/-]*\\d[\\w\\s.#%(),:/-]*$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            { regex: { pattern: '(Key|Id|Path|Url|Href|Type|Mode|Name|Icon|Testid|Role)$', flags: 'i' } },
            'styleName', 'src', 'srcSet', 'type', 'id', 'width', 'height', 'displayName', 'Authorization',
            'to', 'href', 'rel', 'target', 'method', 'autoComplete', 'inputMode', 'pattern', 'accept', 'name',
            'data-testid', 'role', 'key', 'htmlFor', 'lang', 'dir', 'viewBox', 'd', 'fill', 'stroke', 'xmlns',
            'mode', 'credentials', 'cache', 'variant', 'size', 'align', 'as', 'scope', 'sizes', 'purpose',
          ],
          ignoreFunctions: [
            'Error', 'console.*', '*.headers.set', '*.addEventListener', '*.removeEventListener',
            '*.postMessage', '*.getElementById', '*.querySelector', '*.includes', '*.startsWith', '*.endsWith',
            '*.indexOf', 'URLSearchParams', 'URL', '*.get', '*.set', '*.has', '*.delete', 'Symbol',
            'document.createElement', '*.matchMedia', 'fetch', 'new Request', 'localStorage.*', 'sessionStorage.*',
            '*.searchParams.*', 'navigator.*', 'clsx', 'cn', '*.where', '*.stores', '*.equals', '*.anyOf',
          ],
          useTsTypes: false,
        },
      ],
    },
  },
  {
    files: ['src/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
  {
    files: ['test/**', 'e2e/**', 'bench/**', 'scripts/**', '*.config.ts', '*.config.js'],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
);
