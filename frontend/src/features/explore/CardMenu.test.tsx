// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExploreKind } from './api.ts';
import { makeQueryClient } from '../../lib/queryClient.ts';
import type { GameCard, ReviewGame } from '../../api/generated/index.ts';
import { useToasts } from '../../stores/toasts.ts';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import type { SavedGame } from '../../stores/saves.ts';
import { loadCoreSync } from '../../test/nodeCore.ts';
import { addDays } from '../../lib/days.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { t } from '../../lib/i18n.ts';

const core = loadCoreSync();
const ready = Promise.resolve(core);
vi.mock('../../core/wasm.ts', () => ({ loadCore: () => ready }));
const { CardMenu, disabledReason, MAKE_DAILY_CONFIRM } = await import('./CardMenu.tsx');
const { GameCards, playMarks } = await import('./GameCards.tsx');
type PlayMark = import('./GameCards.tsx').PlayMark;
const TODAY = core.todayNewYork(Date.now());

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const GAME: GameCard = { prompt: 'things in a volcano', submitter: 'ann', uid: 'abc123', type: 'community', public: false, updatedAt: 'x' };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useToasts.setState({ toasts: [] });
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderMenu(kind: ExploreKind, game: GameCard = GAME) {
  const client = makeQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <CardMenu game={game} uid={game.uid ?? ''} kind={kind} />
    </QueryClientProvider>,
  );
  return { invalidate };
}

const openMenu = () => {
  fireEvent.click(screen.getByRole('button', { name: /Admin actions for/ }));
};
const item = (name: string) => screen.getByRole('menuitem', { name: new RegExp(`^${name}`) });
const toastTitles = () => useToasts.getState().toasts.map((t) => t.title);

describe('card menu disabled states', () => {
  it.each<[ExploreKind, string[]]>([
    ['review', []],
    ['community', ['approve']],
    ['denied', ['hide']],
  ])('in the %s list disables %j', (kind, disabled) => {
    renderMenu(kind);
    openMenu();
    for (const [action, label] of [['makeDaily', 'Make Daily'], ['approve', 'Approve'], ['hide', 'Hide']] as const) {
      expect(item(label).getAttribute('aria-disabled') === 'true').toBe(disabled.includes(action));
    }
  });

  it('disables Make Daily on a game that already has a daily date, saying which', () => {
    expect(disabledReason('makeDaily', { ...GAME, daily_date: '2026-12-01' }, 'review')).toBe('Already the daily game of Dec 1, 2026');
    expect(disabledReason('makeDaily', GAME, 'review')).toBeNull();
  });

  it('does nothing when a disabled item is chosen', () => {
    renderMenu('community');
    openMenu();
    fireEvent.click(item('Approve'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
  });
});

describe('card menu keyboard', () => {
  it('opens on ArrowDown, moves with arrows/Home/End, and Escape returns focus to the button', async () => {
    renderMenu('review');
    const trigger = screen.getByRole('button', { name: /Admin actions for/ });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    await waitFor(() => {
      expect(document.activeElement).toBe(item('Make Daily'));
    });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => {
      expect(document.activeElement).toBe(item('Approve'));
    });
    fireEvent.keyDown(menu, { key: 'End' });
    await waitFor(() => {
      expect(document.activeElement).toBe(item('Hide'));
    });
    fireEvent.keyDown(menu, { key: 'ArrowDown' }); // wraps
    await waitFor(() => {
      expect(document.activeElement).toBe(item('Make Daily'));
    });
    fireEvent.keyDown(menu, { key: 'ArrowUp' }); // wraps back
    await waitFor(() => {
      expect(document.activeElement).toBe(item('Hide'));
    });
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});

describe('card menu actions', () => {
  it('approves with {approved: true}, toasts and refreshes the lists', async () => {
    fetchMock.mockResolvedValue(json({ uid: 'abc123', approved: true }));
    const { invalidate } = renderMenu('review');
    openMenu();
    fireEvent.click(item('Approve'));
    await waitFor(() => {
      expect(toastTitles()).toContain('Game approved successfully!');
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect([urlOf(url), init?.method, bodyOf(init)]).toEqual(['/api/admin/review-game/abc123', 'POST', { approved: true }]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['list'] });
  });

  it("hides with {approved: false}; a failure shows the catalogue text and the server's error", async () => {
    fetchMock.mockResolvedValue(json({ error: 'database is busy' }, 503));
    renderMenu('review');
    openMenu();
    fireEvent.click(item('Hide'));
    await waitFor(() => {
      expect(toastTitles()).toContain('Game approval failed. Please try again.');
    });
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ approved: false });
    expect(useToasts.getState().toasts[0]?.description).toBe('database is busy');
  });

  it('says a refused action is not authorized', async () => {
    fetchMock.mockResolvedValue(json({ error: 'You are not authorized to perform this action.' }, 403));
    renderMenu('review');
    openMenu();
    fireEvent.click(item('Approve'));
    await waitFor(() => {
      expect(toastTitles()).toEqual(['You are not authorized to perform this action.']);
    });
  });

  /** The server: the first free day is in 3 days, the one after 5 is taken (6 is free). */
  function serveDays(made: (date: string) => Response) {
    fetchMock.mockImplementation((input) => {
      const url = new URL(urlOf(input), 'http://x');
      if (url.pathname === '/api/admin/next-daily-date') {
        const from = url.searchParams.get('date');
        const next = from === null ? addDays(TODAY, 3) : from === addDays(TODAY, 5) ? addDays(TODAY, 6) : from;
        return Promise.resolve(json({ date: next }));
      }
      return Promise.resolve(made(url.searchParams.get('date') ?? ''));
    });
  }
  const madeCalls = () => fetchMock.mock.calls.map(([u]) => urlOf(u)).filter((u) => u.startsWith('/api/admin/make-daily/'));

  it('asks before making a game daily with the first free day picked, saying which day, then shows the date it got', async () => {
    serveDays((date) => json({ uid: 'abc123', date }));
    renderMenu('review');
    openMenu();
    fireEvent.click(item('Make Daily'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(t(MAKE_DAILY_CONFIRM));
    const picker = await screen.findByLabelText<HTMLInputElement>('Day');
    await waitFor(() => {
      expect(picker.value).toBe(addDays(TODAY, 3));
    });
    expect(picker.min).toBe(addDays(TODAY, 1));
    const day = addDays(TODAY, 3);
    expect(screen.getByTestId('daily-date-status').textContent).toBe(`It will be the daily game of ${formatDate(day, { weekday: true })} (Day ${String(core.dayNumber(day))}).`);
    expect(madeCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Make Daily' }));
    await waitFor(() => {
      expect(toastTitles()).toContain('Game made daily successfully!');
    });
    expect(madeCalls()).toEqual([`/api/admin/make-daily/abc123?date=${day}`]);
    expect(useToasts.getState().toasts[0]?.description).toBe(`It is the daily game of ${formatDate(day, { weekday: true })}.`);
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Admin actions for/ }));
    });
  });

  it('says when the day picked already has a daily game and offers the next free one', async () => {
    serveDays((date) => json({ uid: 'abc123', date }));
    renderMenu('review');
    openMenu();
    fireEvent.click(item('Make Daily'));
    const picker = await screen.findByLabelText<HTMLInputElement>('Day');
    await waitFor(() => {
      expect(picker.value).toBe(addDays(TODAY, 3));
    });
    fireEvent.change(picker, { target: { value: addDays(TODAY, 5) } });
    const taken = await screen.findByTestId('daily-date-taken');
    expect(taken.textContent).toContain(`${formatDate(addDays(TODAY, 5), { weekday: true })} already has a daily game.`);
    expect(screen.getByRole('button', { name: 'Make Daily' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: `Use ${formatDate(addDays(TODAY, 6))}` }));
    await waitFor(() => {
      expect(picker.value).toBe(addDays(TODAY, 6));
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Make Daily' })).toHaveProperty('disabled', false);
    });
    fireEvent.change(picker, { target: { value: TODAY } });
    expect(screen.getByTestId('daily-date-status').textContent).toBe('Pick a day after today.');
    expect(screen.getByRole('button', { name: 'Make Daily' })).toHaveProperty('disabled', true);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    serveDays(() => json({ error: 'Another game is already the daily game of that day.', code: 'dateTaken' }, 409));
    renderMenu('review');
    openMenu();
    fireEvent.click(item('Make Daily'));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Make Daily' })).toHaveProperty('disabled', false);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Make Daily' }));
    expect((await screen.findByTestId('make-daily-error')).textContent).toBe('Another game is already the daily game of that day.');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(toastTitles()).toEqual([]);
  });

  it('cancelling the confirm sends nothing', async () => {
    serveDays((date) => json({ uid: 'abc123', date }));
    renderMenu('review');
    openMenu();
    fireEvent.click(item('Make Daily'));
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(madeCalls()).toEqual([]);
  });
});

describe('GameCards', () => {
  const cards = (admin: boolean, kind: ExploreKind, games: GameCard[], saves = new Map<string, PlayMark>()) =>
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <MemoryRouter>
          <GameCards games={games} kind={kind} saves={saves} admin={admin} />
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
