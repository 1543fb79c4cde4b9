import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from './locale.ts';
import { formatNumber } from './numbers.ts';

describe('formatNumber', () => {
  it.each(SUPPORTED_LOCALES)("writes %s's figures as Intl does", (locale) => {
    const intl = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 });
    expect(intl.resolvedOptions().numberingSystem).toBe('latn');
    for (const n of [0, 1, 7, 10, 99, 100, 999, 1000, 12345, 2 ** 40, -1, -250, 2.5, 1e21]) {
      expect(formatNumber(n, locale)).toBe(intl.format(n));
    }
  });
});
