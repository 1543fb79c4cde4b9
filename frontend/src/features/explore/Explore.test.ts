// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { activateLocale, loadMoreMessages, t as translate } from '../../lib/i18n.ts';
import { DEFAULT_VIEW } from './api.ts';
import { emptyMessage, viewOf, viewQuery } from './Explore.tsx';

describe('emptyMessage', () => {
  it('says a chosen category is empty, keeps the list’s words without one, and a search’s', async () => {
    await activateLocale('en');
    await loadMoreMessages();
    const t = (id: string) => translate(id);
    expect(emptyMessage(t, 'community', '', { ...DEFAULT_VIEW, category: 'history' })).toBe('No games in this category yet.');
    expect(emptyMessage(t, 'community', '', DEFAULT_VIEW)).toBe('No community games yet.');
    expect(emptyMessage(t, 'community', 'lava', { ...DEFAULT_VIEW, category: 'history' })).toBe(translate('b.explore.noMatch'));
    await activateLocale('de');
    await loadMoreMessages();
    expect(emptyMessage(t, 'community', '', { ...DEFAULT_VIEW, category: 'sport' })).toBe('Noch keine Spiele in dieser Kategorie.');
    await activateLocale('en');
  });
});

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
