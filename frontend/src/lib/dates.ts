/**
 * Dates as players see them: one format everywhere, the player's locale's (the browser's first
 * language): day, short month and year, e.g. `25 Nov 2026` (en-GB), `Nov 25, 2026` (en-US),
 * `25. Nov. 2026` (de). Game days (`YYYY-MM-DD`) are New York calendar dates and are shown as
 * such; instants (RFC 3339) are shown in the player's time zone, with the time after the date.
 * Calendar arithmetic is `./days.ts`'s.
 */
import { toUtc } from './days.ts';

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** The interface language (lib/i18n.ts), as the browser writes it when they share the language (en-GB, es-MX). */
export function playerLocale(): string | undefined {
  // The interface's language, as lib/i18n.ts puts it on <html> (kept off that module so that
  // node scripts and the E2E tests can import this one).
  const shown = (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';
  const browser = typeof navigator === 'undefined' ? undefined : (navigator.languages[0] ?? navigator.language);
  // The interface's language, with the browser's regional variant of it (en-GB, es-MX) when it has one.
  return browser?.toLowerCase().split('-')[0] === shown.toLowerCase().split('-')[0] ? browser : shown;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

export interface DateStyle {
  /** With the weekday first (`Tue, 1 Dec 2026`): where the day of the week matters. */
  weekday?: boolean;
  /** Without the year (`25 Nov`): chart ticks, where the year is said once elsewhere. */
  noYear?: boolean;
}

/** A game day (`YYYY-MM-DD`) in the one date format; text that is not a date comes back as is. */
export function formatDate(date: string, style: DateStyle = {}, locale = playerLocale()): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const options: Intl.DateTimeFormatOptions = { ...DAY, year: style.noYear ? undefined : DAY.year, weekday: style.weekday ? 'short' : undefined, timeZone: 'UTC' };
  return formatter(locale, options).format(toUtc(date));
}

/** An instant (RFC 3339) in the one date format with the time, in the player's time zone. */
export function formatDateTime(iso: string, locale = playerLocale()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return formatter(locale, { ...DAY, hour: 'numeric', minute: '2-digit' }).format(at);
}

/** The month's name and year (`November 2026`), as the player's locale writes them. */
export function monthLabel(month: string, locale = playerLocale()): string {
  return formatter(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(toUtc(`${month}-01`));
}

/** The short names of the days of the week, Sunday first (`Sun`…`Sat`), as the player's locale writes them. */
export function weekdayNames(locale = playerLocale()): string[] {
  // 1 January 2023 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => formatter(locale, { weekday: 'short', timeZone: 'UTC' }).format(toUtc(`2023-01-0${String(i + 1)}`)));
}
