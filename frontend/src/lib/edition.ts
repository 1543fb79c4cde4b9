/**
 * The daily edition this device plays (docs/i18n.md, Daily editions): each interface language
 * with content has its own daily game, Day N being the same date in every edition. The edition
 * is the one the player switched to on this device (`KEYS.edition`, mirrored in the
 * `lavalist_edition` cookie so that the server puts that edition's game in the page), else the
 * interface language's. An edition with no game today falls back to English without changing
 * the choice: tomorrow the player gets their edition again.
 */
import { create } from 'zustand';
import { detectLocale, isLocale, LOCALE_NAMES, type Locale } from './locale.ts';
import { KEYS, readRaw, writeRaw } from './storage.ts';

/** The edition every screen falls back to. */
export const ENGLISH: Locale = 'en';

/** The cookie the server reads on `/` (server/src/web/spa/home.rs). */
export const EDITION_COOKIE = 'lavalist_edition';

/** The edition chosen on this device, if any. */
export function storedEdition(): Locale | undefined {
  const stored = readRaw(KEYS.edition);
  return isLocale(stored) ? stored : undefined;
}

/** The edition to ask for: this device's choice, else the interface language's. */
export function wantedEdition(): Locale {
  return storedEdition() ?? detectLocale();
}

/** An edition's name as its players write it ("Español", "日本語"). */
export function editionName(tag: string | undefined): string {
  return isLocale(tag) ? LOCALE_NAMES[tag].replace(/ \(.*\)$/, '') : (tag ?? LOCALE_NAMES.en);
}

/** `?edition=…` for a request, nothing for English (the server's default). */
export function editionQuery(edition: string | undefined): string {
  return edition && edition !== ENGLISH ? `?edition=${encodeURIComponent(edition)}` : '';
}

/**
 * The key a daily game's save and session go under: the date for English (as before editions),
 * `{edition}/{date}` for the others, so that two editions' games of one day never share a save.
 */
export function dailyKey(date: string, edition: string | undefined): string {
  return edition && edition !== ENGLISH ? `${edition}/${date}` : date;
}

interface EditionState {
  edition: Locale;
  /** Plays `edition` from now on, on this device. */
  choose: (edition: Locale) => void;
}

export const useEdition = create<EditionState>()((set) => ({
  edition: wantedEdition(),
  choose: (edition) => {
    writeRaw(KEYS.edition, edition);
    if (typeof document !== 'undefined') {
      document.cookie = `${EDITION_COOKIE}=${encodeURIComponent(edition)}; path=/; max-age=31536000; SameSite=Lax`;
    }
    set({ edition });
  },
}));
