// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Game } from '../../../api/generated/index.ts';
import { dailyKey, EDITION_COOKIE, editionQuery, storedEdition, useEdition } from '../../../lib/edition.ts';
import { EditionSwitch, offeredEditions } from './EditionSwitch.tsx';

const game = (edition: string, editions: string[]): Game =>
  ({ prompt: 'p', submitter: 's', date: '2026-10-02', updatedAt: '', items: [], edition, editions });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the daily edition switch', () => {
  it('offers English, the interface language and the chosen edition, when they have a game today', () => {
    expect(offeredEditions(game('en', ['en', 'es', 'de', 'ja']), 'es', undefined)).toEqual(['es']);
    expect(offeredEditions(game('en', ['en', 'de', 'ja']), 'es', 'ja')).toEqual(['ja']);
    expect(offeredEditions(game('ja', ['en', 'ja']), 'ja', 'ja')).toEqual(['en']);
    expect(offeredEditions(game('en', ['en']), 'ru', undefined)).toEqual([]);
  });

  it('switches without a reload and remembers the choice on this device', () => {
    render(<EditionSwitch game={game('en', ['en', 'es'])} />);
    // The interface is English here: Spanish is offered only once chosen.
    expect(screen.queryByTestId('edition-switch')).toBeNull();
    cleanup();
    useEdition.getState().choose('es');
    render(<EditionSwitch game={game('es', ['en', 'es'])} />);
    expect(screen.getByTestId('edition-playing').textContent).toBe("Today's game in Español");
    fireEvent.click(screen.getByText('Back to English'));
    expect(useEdition.getState().edition).toBe('en');
    expect(storedEdition()).toBe('en');
    expect(document.cookie).toContain(`${EDITION_COOKIE}=en`);
  });

  it('keeps English requests and saves as they were before editions', () => {
    expect(dailyKey('2026-10-02', 'en')).toBe('2026-10-02');
    expect(dailyKey('2026-10-02', 'ja')).toBe('ja/2026-10-02');
    expect(editionQuery('en')).toBe('');
    expect(editionQuery('pt-BR')).toBe('?edition=pt-BR');
  });
});
