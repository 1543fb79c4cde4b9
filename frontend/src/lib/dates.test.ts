import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, monthLabel, playerLocale, weekdayNames } from './dates.ts';

describe('the one date format', () => {
  it("writes a game day as the locale does: day, short month, year", () => {
    expect(formatDate('2026-11-25', {}, 'en-GB')).toBe('25 Nov 2026');
    expect(formatDate('2026-11-25', {}, 'en-US')).toBe('Nov 25, 2026');
    expect(formatDate('2026-11-25', {}, 'de-DE')).toBe('25. Nov. 2026');
  });

  it('keeps a game day on its calendar date in every time zone', () => {
    // Midnight UTC would be the day before in New York: the date is formatted as a date.
    expect(formatDate('2026-01-01', {}, 'en-GB')).toBe('1 Jan 2026');
    expect(formatDate('2026-12-31', {}, 'en-GB')).toBe('31 Dec 2026');
  });

  it("names the days of the week Sunday first, as the locale writes them (the calendar's header)", () => {
    expect(weekdayNames('en-GB')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('de-DE')).toEqual(['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa']);
  });

  it('adds the weekday, or drops the year, in the same format', () => {
    expect(formatDate('2026-12-01', { weekday: true }, 'en-GB')).toBe('Tue, 1 Dec 2026');
    expect(formatDate('2026-12-01', { weekday: true }, 'en-US')).toBe('Tue, Dec 1, 2026');
    expect(formatDate('2026-12-01', { noYear: true }, 'en-GB')).toBe('1 Dec');
  });

  it('writes an instant with the same date and the time', () => {
    const text = formatDateTime('2026-11-25T15:04:00.000Z', 'en-GB');
    expect(text).toContain('Nov 2026');
    expect(text).toMatch(/\d{1,2}:04/);
  });

  it('returns text that is not a date as it is', () => {
    expect(formatDate('yesterday')).toBe('yesterday');
    expect(formatDateTime('not a time')).toBe('not a time');
  });

  it("uses the browser's language by default", () => {
    expect(formatDate('2026-11-25')).toBe(formatDate('2026-11-25', {}, playerLocale()));
    expect(monthLabel('2026-11', 'en-GB')).toBe('November 2026');
  });
});
