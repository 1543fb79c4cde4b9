/**
 * Lingui's configuration (docs/i18n.md). Messages have explicit ids (no macros: Vite 8's React
 * plugin runs no Babel); each locale has two catalogues in Lingui's minimal JSON format:
 * `core.json`, what the first screen shows (the English one ships inside the first download),
 * and `more.json`, everything else (fetched with the first lazy screen). English is the source;
 * `@lingui/vite-plugin` compiles each catalogue at build time, so no ICU parser ships.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ja', 'zh-CN', 'ko', 'ar', 'he', 'hi'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/core', include: [] },
    { path: '<rootDir>/src/locales/{locale}/more', include: [] },
  ],
  format: formatter({ style: 'minimal' }),
});
