import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Source strings are written in English; Swahili is the product's default locale.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['sw', 'en'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/domain'],
      exclude: ['**/node_modules/**'],
    },
  ],
});
