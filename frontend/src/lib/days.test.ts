import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthGrid, randomRecentDay } from './days.ts';

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
