/**
 * The interface's languages and which one a player gets: the one they chose (kept locally,
 * `KEYS.locale`, and mirrored in the `lavalist_locale` cookie so that the server paints its
 * pages in that language and picks the daily edition it puts in `/`), else the best match among
 * the browser's languages, else English. The server makes the same choice from the cookie and
 * `Accept-Language` (server/src/web/spa/language.rs; src/test/browserLanguages.json holds the cases
 * both sides check). The i18n layer and the daily editions both read it from here.
 */
import { KEYS, readRaw, writeRaw } from './storage.ts';

/** The interface languages, as BCP 47 tags; English first (the fallback). */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ja', 'zh-CN', 'ko', 'ar', 'he', 'hi'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in that language, for the language picker (not translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  // eslint-disable-next-line lavalist/no-untranslated-text -- a language's own name, as every picker shows it
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  ja: '日本語',
  'zh-CN': '简体中文',
  ko: '한국어',
  ar: 'العربية',
  he: 'עברית',
  hi: 'हिन्दी',
};

/** Written right to left: the document gets `dir="rtl"`. */
export const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar', 'he']);

/** The cookie the server reads (see `rememberLocale`). */
export const LOCALE_COOKIE = 'lavalist_locale';

export function isLocale(tag: unknown): tag is Locale {
  return typeof tag === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(tag);
}

/**
 * The supported locale a list of BCP 47 tags asks for, best first: an exact match, else the same
 * language (`pt-PT` → `pt-BR`, `zh-TW` → `zh-CN`, `es-MX` → `es`); `undefined` when none is ours.
 */
export function matchLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const sameLanguage = SUPPORTED_LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return undefined;
}

/** The browser's languages, most preferred first (empty outside a browser). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/** The locale the player chose, if any. */
export function storedLocale(): Locale | undefined {
  const stored = readRaw(KEYS.locale);
  return isLocale(stored) ? stored : undefined;
}

/** The locale to show: the player's choice, else the browser's languages, else English. */
export function detectLocale(): Locale {
  return storedLocale() ?? matchLocale(browserLanguages()) ?? DEFAULT_LOCALE;
}

/** Remembers the player's choice on this device, and tells the server through a cookie. */
export function rememberLocale(locale: Locale): void {
  writeRaw(KEYS.locale, locale);
  writeLocaleCookie(locale);
}

/** The cookie the server reads, for a year; `undefined` removes it. */
function writeLocaleCookie(locale: Locale | undefined): void {
  if (typeof document === 'undefined') return;
  const value = locale === undefined ? '; max-age=0' : `${encodeURIComponent(locale)}; max-age=31536000`;
  document.cookie = `${LOCALE_COOKIE}=${value}; path=/; SameSite=Lax`;
}

/**
 * Makes the cookie say what this device chose, at every start (main.ts), so that the server
 * paints the next page in the language the app shows: a choice's cookie is renewed for a year (a
 * choice made before the cookie existed gets one, as does one whose cookie a browser cleared),
 * and a cookie with no choice here behind it (storage cleared or blocked) is removed.
 */
export function mirrorLocale(): void {
  if (typeof document === 'undefined') return;
  const chosen = storedLocale();
  if (chosen) writeLocaleCookie(chosen);
  else if (document.cookie.split('; ').some((c) => c.startsWith(`${LOCALE_COOKIE}=`))) writeLocaleCookie(undefined);
}
