// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExploreKind } from './api.ts';
import { makeQueryClient } from '../../lib/queryClient.ts';
import type { GameCard, ReviewGame } from '../../api/generated/index.ts';
import type { SavedGame } from '../../stores/saves.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { GameCards, playMarks, type CardMenuProps, type PlayMark } from './GameCards.tsx';

const GAME: GameCard = { prompt: 'things in a volcano', submitter: 'ann', uid: 'abc123', type: 'community', public: false, updatedAt: 'x' };

/** The admins' menu the app passes in (features/admin/CardMenu.tsx, tested there): its button only. */
const CardMenu = ({ game }: CardMenuProps) => <button type="button" aria-label={`Admin actions for ${game.prompt}`} />;

afterEach(() => {
  cleanup();
});

describe('GameCards', () => {
  const cards = (admin: boolean, kind: ExploreKind, games: GameCard[], saves = new Map<string, PlayMark>()) =>
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <MemoryRouter>
          <GameCards games={games} kind={kind} saves={saves} admin={admin} CardMenu={CardMenu} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('keeps review actions off day listings, where every game has a uid too', () => {
    const day: GameCard = { prompt: 'a day', submitter: 'x', date: '2026-12-02', dayNumber: 877, uid: 'day877', updatedAt: 'x' };
    cards(true, 'future', [day, { ...GAME, date: '2026-12-03', dayNumber: 878, daily_date: '2026-12-03' }]);
    expect(screen.queryByRole('button', { name: /Admin actions for/ })).toBeNull();
    // Future days open by date like the archive.
    expect(screen.getAllByTestId('game-card').map((a) => a.getAttribute('href'))).toEqual(['/archive/2026-12-02', '/archive/2026-12-03']);
  });

  it('lays each prompt out in its own direction (an English prompt on an Arabic page starts at the left)', () => {
    cards(false, 'community', [GAME, { ...GAME, uid: 'ar1', prompt: 'أكبر المدن' }]);
    const prompts = screen.getAllByTestId('game-card').map((card) => card.querySelector('p'));
    expect(prompts.map((p) => p?.textContent)).toEqual(['Things in a volcano', 'أكبر المدن']);
    expect(prompts.map((p) => p?.getAttribute('dir'))).toEqual(['auto', 'auto']);
  });

  it('shows no menu to other players', () => {
    cards(false, 'community', [GAME]);
    expect(screen.queryByRole('button', { name: /Admin actions for/ })).toBeNull();
  });

  it('opens review-list games by uid', () => {
    cards(true, 'review', [GAME]);
    expect(screen.getByTestId('game-card').getAttribute('href')).toBe('/community/abc123');
  });

  it('shows on a review card the items, how many, and when the game was submitted', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Volcano ${String(i + 1)}`, altSpellings: i === 0 ? ['Vulcan'] : [] }));
    const review: ReviewGame = { ...GAME, items, createdAt: '2026-11-24T10:30:00.000Z', flaggedWords: [] };
    cards(true, 'review', [review]);
    const card = screen.getByTestId('review-card');
    expect(screen.getByTestId('item-count').textContent).toBe('10 items');
    const listed = screen.getByRole('list', { name: '10 items' });
    expect(Array.from(listed.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Volcano 1 also accepted: (Vulcan)',
      ...items.slice(1).map((it) => it.name),
    ]);
    const submitted = screen.getByTestId('submitted');
    expect(submitted.getAttribute('datetime')).toBe('2026-11-24T10:30:00.000Z');
    expect(submitted.textContent).toBe(formatDateTime('2026-11-24T10:30:00.000Z'));
    expect(card.textContent).toContain('by ann · submitted');
    expect(screen.getByRole('link', { name: 'Things in a volcano' }).getAttribute('href')).toBe('/community/abc123');
    expect(screen.getByRole('button', { name: /Admin actions for/ })).toBeTruthy();
  });

  it('marks on a review card the flagged words the creator says are real names', () => {
    const names = ['Wetwang', 'Twatt', 'Dildo', 'Essex', 'Sandwich', 'Dorking', 'Penistone', 'Scunthorpe', 'Cockermouth', 'Lightwater'];
    const items = names.map((name, i) => ({ id: i + 1, name, altSpellings: i === 4 ? ['Sandwich Bay', 'Wankie'] : [] }));
    const flaggedWords = [
      { field: 'items.1.name', words: ['Twatt'] },
      { field: 'items.2.name', words: ['Dildo'] },
      { field: 'items.4.altSpellings', words: ['Wankie'] },
    ];
    const review: ReviewGame = { ...GAME, prompt: 'towns', items, createdAt: '2026-11-24T10:30:00.000Z', flaggedWords };
    cards(true, 'review', [review]);
    expect(screen.getByTestId('flagged-words').textContent).toBe('Flagged words to check before approving: Twatt, Dildo, Wankie');
    expect(screen.getAllByTestId('flagged-word').map((m) => [m.tagName, m.textContent])).toEqual([
      ['MARK', 'Twatt'],
      ['MARK', 'Dildo'],
      ['MARK', 'Wankie'],
    ]);
    // Only the flagged field is marked: "Sandwich" and "Essex" stay plain.
    const listed = screen.getByRole('list', { name: '10 items' });
    expect(listed.querySelectorAll('li')[4]?.textContent).toBe('Sandwich also accepted: (Sandwich Bay, Wankie)');
  });

  it('shows no flagged-words line on a review card without any', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Volcano ${String(i + 1)}`, altSpellings: [] }));
    const review: ReviewGame = { ...GAME, items, createdAt: '2026-11-24T10:30:00.000Z', flaggedWords: [] };
    cards(true, 'review', [review]);
    expect(screen.queryByTestId('flagged-words')).toBeNull();
    expect(screen.queryByTestId('flagged-word')).toBeNull();
  });

  it("marks days finished on this device and, for an account, on any device", () => {
    const save = (gameOver: boolean, won: boolean) => ({ gameOver, won }) as SavedGame;
    const day = (date: string, dayNumber: number): GameCard => ({ prompt: `day ${date}`, submitter: 'x', date, dayNumber, updatedAt: 'x' });
    const marks = playMarks(
      [['2026-11-20', save(true, false)], ['2026-11-21', save(false, false)]],
      [{ date: '2026-11-21', won: true, score: 1000 }, { date: '2026-11-22', won: false, score: 300 }],
    );
    cards(false, 'archive', [day('2026-11-20', 1), day('2026-11-21', 2), day('2026-11-22', 3), day('2026-11-23', 4)], marks);
    const icons = screen.getAllByTestId('game-card').map((card) => card.querySelector('[data-testid=finished-icon]')?.textContent ?? '');
    // This device lost the 20th; the 21st, unfinished here, was won on another device; the 22nd
    // was played only elsewhere; the 23rd not at all.
    expect(icons).toEqual(['Finished', 'Won', 'Finished', '']);
  });
});
