// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../lib/queryClient.ts';
import type { GameCard } from '../../api/generated/index.ts';
import { useToasts } from '../../stores/toasts.ts';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import { loadCoreSync } from '../../test/nodeCore.ts';
import { addDays } from '../../lib/days.ts';
import { formatDate } from '../../lib/dates.ts';
import { t } from '../../lib/i18n.ts';

const core = loadCoreSync();
const ready = Promise.resolve(core);
vi.mock('../../core/wasm.ts', () => ({ loadCore: () => ready }));
const { CardMenu, disabledReason } = await import('./CardMenu.tsx');
const { MAKE_DAILY_CONFIRM } = await import('./api.ts');
type CardList = import('./CardMenu.tsx').CardList;
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

function renderMenu(kind: CardList, game: GameCard = GAME) {
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
  it.each<[CardList, string[]]>([
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
