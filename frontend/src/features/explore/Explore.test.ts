// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { activateLocale, loadMoreMessages, t as translate } from '../../lib/i18n.ts';
import { DEFAULT_VIEW } from './api.ts';
import { emptyMessage } from './Explore.tsx';

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
