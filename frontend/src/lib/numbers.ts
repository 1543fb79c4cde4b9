/**
 * A figure (a score, an average, a count in a table cell) in the interface locale's digits,
 * without grouping separators: scores read as `1000`, as the game writes them, not `1,000`.
 * Counts inside sentences use ICU `{n, number}` / plurals in the catalogue instead, except the
 * counters' `{n}/{of}`, which get figures from here (see below).
 */
import { activeLocale } from './i18n.ts';
import type { Locale } from './locale.ts';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Every shipped locale writes figures in ASCII digits (CLDR's default numbering system `latn`,
 * Arabic's too, as server/src/platform/i18n/frontend.rs notes), so a whole number from 0 up is what
 * `String` writes: the counters show it without a page's first `Intl.NumberFormat`, which costs
 * 20–60 ms on a 2-core machine (ICU's number data), on the path of the first guess.
 * `numbers.test.ts` checks every shipped locale against Intl; a locale with other digits needs a
 * condition here.
 */
export function formatNumber(n: number, locale: Locale = activeLocale()): string {
  if (n >= 0 && Number.isSafeInteger(n)) return String(n);
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 });
    formats.set(locale, format);
  }
  return format.format(n);
}
