import { describe, expect, it } from 'vitest';
import { viewOf, viewQuery } from '../explore/Explore.tsx';
import { CATEGORIES, isCategory, ratingText } from './labels.ts';

describe('the community tab in the URL', () => {
  it('reads sort, period and category, falling back to the defaults', () => {
    expect(viewOf(new URLSearchParams('sort=top&period=week&category=film-tv'))).toEqual({ sort: 'top', period: 'week', category: 'film-tv' });
    expect(viewOf(new URLSearchParams('sort=best&period=year&category=cooking'))).toEqual({ sort: 'hot', period: 'all', category: null });
  });

  it('writes only what differs from the defaults; the period only for Top', () => {
    expect(viewQuery('', { sort: 'hot', period: 'all', category: null })).toBe('');
    expect(viewQuery('rivers', { sort: 'new', period: 'week', category: 'geography' })).toBe('?search=rivers&sort=new&category=geography');
    expect(viewQuery('', { sort: 'top', period: 'month', category: null })).toBe('?sort=top&period=month');
    expect(viewQuery('x', null)).toBe('?search=x');
  });
});

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
