import { describe, expect, it } from 'vitest';
import { CATEGORIES, isCategory, ratingText } from './labels.ts';

describe('labels', () => {
  it('has the thirteen categories of the issue, in order', () => {
    expect(CATEGORIES.map((c) => c.label)).toEqual(['Geography', 'History', 'Science', 'Sport', 'Music', 'Film & TV', 'Books', 'Food & Drink', 'Nature', 'Language', 'Games', 'People', 'Miscellaneous']);
    expect(isCategory('food-drink')).toBe(true);
    expect(isCategory('cooking')).toBe(false);
  });

  it('says a rating in words', () => {
    expect(ratingText(undefined, 0)).toBe('No ratings yet');
    expect(ratingText(4, 1)).toBe('4.0 out of 5 from 1 rating');
    expect(ratingText(4.567, 12)).toBe('4.6 out of 5 from 12 ratings');
  });
});
