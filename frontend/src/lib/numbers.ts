/**
 * A figure (a score, an average, a count in a table cell) in the interface locale's digits,
 * without grouping separators: scores read as `1000`, as the game writes them, not `1,000`.
 * Counts inside sentences use ICU `{n, number}` / plurals in the catalogue instead.
 */
import { activeLocale } from './i18n.ts';

const formats = new Map<string, Intl.NumberFormat>();

export function formatNumber(n: number): string {
  const locale = activeLocale();
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 });
    formats.set(locale, format);
  }
  return format.format(n);
}
