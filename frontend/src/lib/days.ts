/**
 * Plain calendar arithmetic on `YYYY-MM-DD` strings (no time zone involved: which date is
 * "today" always comes from the core's `todayNewYork`). Used to walk the calendar view and to
 * pick recent days; no game rule depends on it. How dates are shown is `./dates.ts`'s (kept
 * apart: today's game needs this, not that).
 */

/** The date at midnight UTC, for arithmetic and for formatting it as a calendar date. */
export function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

const fmt = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fmt(d);
}

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

/** A random one of the `n` days before `today`. */
export function randomRecentDay(today: string, n: number, random = Math.random): string {
  return addDays(today, -(1 + Math.floor(random() * n)));
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
