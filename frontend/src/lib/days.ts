/**
 * Plain calendar arithmetic on `YYYY-MM-DD` strings (no time zone involved: which date is
 * "today" always comes from the core's `todayNewYork`). Used to walk the calendar view and to
 * pick recent days; no game rule depends on it. How dates are shown is `./dates.ts`'s (kept
 * apart: today's game needs this, not that), and the calendar's months are `./calendarKeys.ts`'s.
 */

/** The date at midnight UTC, for arithmetic and for formatting it as a calendar date. */
export function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

export const fmt = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fmt(d);
}

/** A random one of the `n` days before `today`. */
export function randomRecentDay(today: string, n: number, random = Math.random): string {
  return addDays(today, -(1 + Math.floor(random() * n)));
}
