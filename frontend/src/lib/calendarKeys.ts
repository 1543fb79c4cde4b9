/**
 * The calendar's months and its grid's keys (the ARIA grid pattern of a date picker), on
 * `YYYY-MM-DD` strings. Apart from ./days.ts, which the first screen loads: only the calendar
 * needs these.
 */
import { addDays, fmt, toUtc } from './days.ts';

/** `YYYY-MM` of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

export function addMonths(month: string, n: number): string {
  const d = toUtc(`${month}-01`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return fmt(d).slice(0, 7);
}

/** The month's dates, padded with nulls so the first lands on its weekday (Sunday first). */
export function monthGrid(month: string): (string | null)[] {
  const first = toUtc(`${month}-01`);
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const pad: null[] = Array.from({ length: first.getUTCDay() }, () => null);
  return [...pad, ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)];
}

/** The last date of a `YYYY-MM` month. */
export function lastDayOf(month: string): string {
  return addDays(`${addMonths(month, 1)}-01`, -1);
}

/** The same day of the month `n` months on, clamped to that month's length (31 Jan + 1 → 28/29 Feb). */
export function sameDayMonthsOn(date: string, n: number): string {
  const month = addMonths(monthOf(date), n);
  const day = `${month}-${date.slice(8)}`;
  const last = lastDayOf(month);
  return day > last ? last : day;
}

/**
 * Where a key moves the focus in a month grid (the ARIA grid pattern of a date picker): arrows
 * a day or a week (left and right swapped right to left), Home and End to the week's first and
 * last day within the month (its row), Page Up and Page Down a month. `null` for any other key.
 */
export function gridKeyTarget(date: string, key: string, rtl = false): string | null {
  const weekday = toUtc(date).getUTCDay(); // Sunday first, as monthGrid
  const step = rtl ? -1 : 1;
  switch (key) {
    case 'ArrowRight':
      return addDays(date, step);
    case 'ArrowLeft':
      return addDays(date, -step);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'Home': {
      const first = `${monthOf(date)}-01`;
      const start = addDays(date, -weekday);
      return start < first ? first : start;
    }
    case 'End': {
      const last = lastDayOf(monthOf(date));
      const end = addDays(date, 6 - weekday);
      return end > last ? last : end;
    }
    case 'PageDown':
      return sameDayMonthsOn(date, 1);
    case 'PageUp':
      return sameDayMonthsOn(date, -1);
    default:
      return null;
  }
}
