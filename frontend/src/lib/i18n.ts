/**
 * The interface's messages (Lingui, docs/i18n.md). Components translate with `useT()`; code
 * outside React (stores, toasts) calls `t()` when it runs. Message ids are explicit
 * (`area.what`); the English catalogues in src/locales/en are the source of every message.
 *
 * Each locale has two catalogues, compiled at build time by @lingui/vite-plugin: `core` (what
 * the first screen shows) and `more` (everything else). English `core` is part of the first
 * download, so `/` never waits on a catalogue in English; another locale's `core` is fetched
 * alongside the WASM core before the first render (main.ts). `more` is fetched once the first
 * screen is up, and every lazy screen waits for it (`withMessages`), so no screen shows ids.
 */
import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { messages as enCore } from '../locales/en/core.json?lingui';
import { DEFAULT_LOCALE, RTL_LOCALES, type Locale } from './locale.ts';

type Catalog = () => Promise<{ messages: Messages }>;

const cores = import.meta.glob<{ messages: Messages }>(['../locales/*/core.json', '!../locales/en/core.json'], { query: '?lingui' });
const mores = import.meta.glob<{ messages: Messages }>('../locales/*/more.json', { query: '?lingui' });

function catalog(globbed: Record<string, Catalog>, locale: Locale, part: 'core' | 'more'): Catalog {
  const load = globbed[`../locales/${locale}/${part}.json`];
  if (!load) throw new Error(`no ${part} catalogue for ${locale}`);
  return load;
}

i18n.load(DEFAULT_LOCALE, enCore);
i18n.activate(DEFAULT_LOCALE);

const loaded = new Map<string, Promise<void>>();

/** Loads one catalogue of a locale once (merged into what that locale has). */
function loadPart(locale: Locale, part: 'core' | 'more'): Promise<void> {
  if (locale === DEFAULT_LOCALE && part === 'core') return Promise.resolve();
  const key = `${locale}/${part}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = catalog(part === 'core' ? cores : mores, locale, part)().then(({ messages }) => {
      i18n.load(locale, messages);
    });
    promise.catch(() => loaded.delete(key));
    loaded.set(key, promise);
  }
  return promise;
}

/** The locale being shown. */
export function activeLocale(): Locale {
  return i18n.locale as Locale;
}

/** `lang` and `dir` on <html>: Arabic and Hebrew read right to left. */
function applyToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}

/**
 * Shows the interface in `locale`: its first-screen messages, plus the rest when they were
 * loaded for the locale it replaces (a lazy screen may be open). Nothing reloads: components
 * re-render with the new messages and the game in progress stays as it is.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const hadMore = loaded.has(`${activeLocale()}/more`);
  await Promise.all([loadPart(locale, 'core'), hadMore ? loadPart(locale, 'more') : undefined]);
  i18n.activate(locale);
  applyToDocument(locale);
}

/** The rest of the active locale's messages (every screen but the first needs them). */
export function loadMoreMessages(): Promise<void> {
  return loadPart(activeLocale(), 'more');
}

/** For `lazy()`: a screen's module together with the messages it shows. */
export function withMessages<M>(module: Promise<M>): Promise<M> {
  return Promise.all([module, loadMoreMessages()]).then(([m]) => m);
}

/** Values a message interpolates: `{name}`, `{count, plural, …}`. */
export type MessageValues = Record<string, unknown>;

/** The message `id` in the active locale, outside React (toasts, stores, share text). */
export function t(id: string, values?: MessageValues): string {
  return i18n._(id, values);
}

/** As `t`, or '' while the active locale's catalogue holding `id` has not loaded. */
export function tLoaded(id: string, values?: MessageValues): string {
  return id in i18n.messages ? i18n._(id, values) : '';
}

export type Translate = (id: string, values?: MessageValues) => string;

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const current = () => i18n.locale;
// One function per locale, so that memos and effects that depend on it follow a switch.
const perLocale = new Map<string, Translate>();

/** The active locale, for a component: it re-renders when the locale changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, current, current) as Locale;
}

/**
 * The message function for a component; the component re-renders when the locale changes (no
 * provider needed: the app has one Lingui instance).
 */
export function useT(): Translate {
  const locale = useLocale();
  let translate = perLocale.get(locale);
  if (!translate) {
    translate = (id, values) => i18n._(id, values);
    perLocale.set(locale, translate);
  }
  return translate;
}

export { i18n };
