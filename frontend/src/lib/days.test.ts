import { describe, expect, it } from 'vitest';
import { addDays, randomRecentDay } from './days.ts';
import { addMonths, gridKeyTarget, lastDayOf, monthGrid, sameDayMonthsOn } from './calendarKeys.ts';

describe('calendar arithmetic', () => {
  it('adds days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
  });

  it('pads a month grid to its first weekday', () => {
    const grid = monthGrid('2026-11'); // 1 November 2026 is a Sunday
    expect(grid[0]).toBe('2026-11-01');
    expect(grid).toHaveLength(30);
    expect(monthGrid('2026-12').slice(0, 3)).toEqual([null, null, '2026-12-01']);
  });

  it('picks recent days strictly before today, within n', () => {
    expect(randomRecentDay('2026-11-22', 30, () => 0)).toBe('2026-11-21');
    expect(randomRecentDay('2026-11-22', 30, () => 0.9999)).toBe('2026-10-23');
  });
});

describe('the calendar grid keys', () => {
  // 2026-12-09 is a Wednesday; December 2026 starts on a Tuesday.
  it('arrows move a day or a week, across months', () => {
    expect(gridKeyTarget('2026-12-09', 'ArrowRight')).toBe('2026-12-10');
    expect(gridKeyTarget('2026-12-09', 'ArrowLeft')).toBe('2026-12-08');
    expect(gridKeyTarget('2026-12-09', 'ArrowDown')).toBe('2026-12-16');
    expect(gridKeyTarget('2026-12-03', 'ArrowUp')).toBe('2026-11-26');
    expect(gridKeyTarget('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
  });

  it('right to left, the arrows follow the reading direction', () => {
    expect(gridKeyTarget('2026-12-09', 'ArrowRight', true)).toBe('2026-12-08');
    expect(gridKeyTarget('2026-12-09', 'ArrowLeft', true)).toBe('2026-12-10');
  });

  it("Home and End go to the week's ends, within the month", () => {
    expect(gridKeyTarget('2026-12-09', 'Home')).toBe('2026-12-06');
    expect(gridKeyTarget('2026-12-09', 'End')).toBe('2026-12-12');
    expect(gridKeyTarget('2026-12-02', 'Home')).toBe('2026-12-01');
    expect(gridKeyTarget('2026-12-30', 'End')).toBe('2026-12-31');
  });

  it('Page Up and Page Down move a month, clamped to its length', () => {
    expect(gridKeyTarget('2026-12-09', 'PageUp')).toBe('2026-11-09');
    expect(gridKeyTarget('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(sameDayMonthsOn('2028-03-31', -1)).toBe('2028-02-29');
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
  });

  it('ignores other keys', () => {
    expect(gridKeyTarget('2026-12-09', 'a')).toBeNull();
  });
});
