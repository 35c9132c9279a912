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
      // The giving page has its own catalog (below): a member's phone never downloads the admin's strings.
      exclude: ['**/node_modules/**', '<rootDir>/src/give/**'],
    },
    {
      // The public giving page (give.html): its own strings plus the shared pieces it shows.
      path: '<rootDir>/locales/give/{locale}/messages',
      include: ['<rootDir>/src/give', '<rootDir>/src/components/ui/country-picker.tsx'],
      exclude: ['**/node_modules/**'],
    },
  ],
});
