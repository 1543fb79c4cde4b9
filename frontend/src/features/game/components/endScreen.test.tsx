// @vitest-environment happy-dom
/**
 * The end screen with real components and the real core: the gameOver modal's wording at any
 * player count (the first finisher, a rank, the figures hidden below the minimum sample), an
 * archive day's own result, and the next steps where the guess box was.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatsResponse } from '../../../api/generated/index.ts';
import { makeQueryClient } from '../../../lib/queryClient.ts';
import { useToasts } from '../../../stores/toasts.ts';
import { useUi } from '../../../stores/ui.ts';
import { useUser } from '../../../stores/user.ts';
import { urlOf } from '../../../test/fetch.ts';
import { gameDef } from '../../../test/fixtures.ts';
import { loadCoreSync } from '../../../test/nodeCore.ts';
import { useSession, type SessionMeta } from '../stores/session.ts';
import { GameOverModal, type GameOverExtras } from './GameOverModal.tsx';
import { NextSteps } from './GameEnd.tsx';

const core = loadCoreSync();
const TODAY = '2026-11-22';
const todayMeta: SessionMeta = { mode: 'today', key: TODAY, date: TODAY, prompt: 'p', submitter: 'bob', dayNumber: 867 };
const archiveMeta: SessionMeta = { ...todayMeta, mode: 'archive', key: '2026-11-01', date: '2026-11-01' };
const fetchMock = vi.fn<typeof fetch>();
const clipboard = vi.fn<(text: string) => Promise<void>>();

/** What the app puts in the dialog (src/app/modals/GameOverModal.tsx): stand-ins here. */
const extras: GameOverExtras = {
  ChallengeButton: ({ meta, score }) => <p data-testid="challenge">{`${meta.key} ${String(score)}`}</p>,
  GroupRanks: () => <p data-testid="group-ranks" />,
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A stats answer; by default the only player, below the minimum sample. */
function stats(over: Partial<StatsResponse> = {}): StatsResponse {
  return {
    stats: {},
    standing: { kind: 'first' },
    percentile: 0,
    playerCount: 1,
    averageScore: null,
    playedStreak: 1,
    wonStreak: 1,
    histogram: [],
    minPlayers: 5,
    enoughPlayers: false,
    ...over,
  };
}

function answerStats(body: StatsResponse) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(urlOf(input).includes('/stats') ? json(body) : new Response('{}', { status: 200 })),
  );
}

/** Plays `guesses` then gives up (or wins, if they are all ten). */
function finish(meta: SessionMeta, guesses: string[]) {
  useSession.getState().start(core, gameDef(meta.date), meta, TODAY);
  for (const g of guesses) useSession.getState().guess(g);
  if (!useSession.getState().view?.gameOver) useSession.getState().giveUp();
  // Today's result counts as stored (the outbox's work, tested with the session).
  if (meta.mode === 'today') useSession.setState({ submitted: true });
}

function renderWithApp(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const cellsOf = (id: string) =>
  within(screen.getByTestId(id))
    .getAllByRole('definition')
    .map((dd) => `${dd.previousElementSibling?.textContent ?? ''} ${dd.textContent}`);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: clipboard }, configurable: true });
  clipboard.mockResolvedValue(undefined);
  useToasts.setState({ toasts: [] });
});

afterEach(() => {
  cleanup();
  useSession.getState().stop();
  useUi.setState({ modal: null });
  useUser.setState({ user: null });
  localStorage.clear();
  fetchMock.mockReset();
  clipboard.mockReset();
  vi.unstubAllGlobals();
});

describe('the gameOver modal', () => {
  it("tells the only finisher they are the first, and hides what one result can't say", async () => {
    answerStats(stats({ stats: {} }));
    finish(todayMeta, ['mercury', 'venus', 'earth', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'ceres']);
    renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    expect((await screen.findByTestId('standing')).textContent).toBe("You're the first to finish today");
    expect(screen.queryByText(/Percentile/)).toBeNull();
    expect(cellsOf('stats')).toEqual(['Players 1', 'Played streak 1', 'Won streak 1']);
    expect(screen.queryByTestId('score-chart')).toBeNull();
    expect(screen.queryByTestId('few-players')).toBeNull(); // "the first" says it all
    // The answers are listed without find rates.
    const answers = screen.getByRole('list', { name: 'The answers' });
    expect(within(answers).queryByText(/%$/)).toBeNull();
    // No rarest find from no rates.
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => {
      expect(clipboard).toHaveBeenCalled();
    });
    expect(clipboard.mock.calls[0]?.[0]).not.toContain('Rarest find');
  });

  it('a perfect score among few players is the best so far, and says when figures appear', async () => {
    answerStats(stats({ standing: null, playerCount: 2 }));
    finish(todayMeta, ['mercury', 'venus']);
    renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    expect((await screen.findByTestId('few-players')).textContent).toBe('2 players have finished. Figures about other players appear once 5 have.');
    expect(screen.queryByTestId('standing')).toBeNull();
    expect(cellsOf('stats')).toEqual(['Players 2', 'Played streak 1', 'Won streak 1']);
  });

  it('ranks as "Top N %" with enough players, with the average, the distribution and each find rate', async () => {
    const rates = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i + 1), i === 1 ? 0.25 : 0.9]));
    answerStats(
      stats({ standing: { kind: 'top', percent: 10 }, playerCount: 57, averageScore: 412.4, stats: rates, histogram: [{ bucket: 20, players: 57 }], enoughPlayers: true }),
    );
    finish(todayMeta, ['mercury', 'venus']);
    renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    expect((await screen.findByTestId('standing')).textContent).toBe('Top 10 %of 57 players');
    expect(cellsOf('stats')).toEqual(['Players 57', 'Average score 412', 'Played streak 1', 'Won streak 1']);
    expect(await screen.findByTestId('score-chart')).toBeTruthy();
    const answers = screen.getByRole('list', { name: 'How many players found each item' });
    expect(within(answers).getByText('25%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => {
      expect(clipboard).toHaveBeenCalled();
    });
    expect(clipboard.mock.calls[0]?.[0]).toContain('💎 Rarest find: 25% of players');
  });

  it('the best score, shared, reads as such (never "50 %")', async () => {
    answerStats(stats({ standing: { kind: 'best', tied: 1 }, playerCount: 8, averageScore: 700, enoughPlayers: true }));
    finish(todayMeta, ['mercury']);
    renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    expect((await screen.findByTestId('standing')).textContent).toBe('Best score so far, shared with 1 other player');
  });

  it("an archive day shows the player's own result, not rows of zeros", async () => {
    answerStats(stats({ playerCount: 0, playedStreak: 0, wonStreak: 0 }));
    finish(archiveMeta, ['mercury', 'venus', 'pizza']);
    renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    expect((await screen.findByTestId('standing')).textContent).toBe('No one else has a result for this day yet');
    expect(cellsOf('own-result')).toEqual(['Found 2/10', 'Wrong guesses 1/8', 'Hints 0/5']);
    expect(screen.getByTestId('final-score').textContent).toBe('190');
    // Streaks are today's game's business; the archive shows none. The replay is never
    // submitted, yet the player finished it: they count (never "Players 0" after a win).
    expect(cellsOf('stats')).toEqual(['Players 1']);
    const asked = fetchMock.mock.calls.map(([u]) => urlOf(u)).find((u) => u.includes('/api/game/stats'));
    expect(asked).toContain('date=2026-11-01');
    expect(asked).toContain('score=190');
  });

  it("an archive day's figures count the player's score in the players and the average", async () => {
    answerStats(stats({ standing: { kind: 'top', percent: 100 }, playerCount: 9, averageScore: 500, enoughPlayers: true }));
    finish(archiveMeta, ['mercury', 'venus', 'pizza']);
    renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    expect((await screen.findByTestId('standing')).textContent).toBe('Top 100 %of 10 players');
    expect(cellsOf('stats')).toEqual(['Players 10', 'Average score 469']);
  });

  it("shows the app's extras: the challenge once the game is over, group ranks for today's stored result when signed in", async () => {
    answerStats(stats());
    finish(todayMeta, ['mercury']);
    const { unmount } = renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    await screen.findByTestId('stats');
    expect(screen.getByTestId('challenge').textContent).toBe(`${TODAY} ${screen.getByTestId('final-score').textContent}`);
    expect(screen.queryByTestId('group-ranks')).toBeNull(); // a guest has no groups
    unmount();
    useUser.setState({ user: { username: 'ann', email: 'ann@example.com', role: 'user' } });
    renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    expect(await screen.findByTestId('group-ranks')).toBeTruthy();
  });

  it('a replay of a day whose result is stored here counts it once', async () => {
    answerStats(stats({ playerCount: 1 }));
    finish(archiveMeta, ['mercury']);
    useSession.setState({ keepOldSave: true });
    renderWithApp(<GameOverModal core={core} onClose={vi.fn()} {...extras} />);
    await screen.findByTestId('stats');
    expect(cellsOf('stats')).toEqual(['Players 1']);
  });
});

describe('the next steps', () => {
  it('offer Share, See Stats, another day and a community game where the guess box was, in that order', async () => {
    answerStats(stats());
    finish(todayMeta, ['mercury']);
    renderWithApp(<NextSteps />);
    const steps = screen.getByRole('navigation', { name: 'What next' });
    expect(Array.from(steps.querySelectorAll('a, button')).map((el) => el.textContent)).toEqual(['Share', 'See Stats', 'Play another day', 'Play a community game']);
    fireEvent.click(within(steps).getByRole('button', { name: 'See Stats' }));
    expect(useUi.getState().modal).toBe('gameOver');
    act(() => {
      useUi.setState({ modal: null });
    });
    expect(within(steps).getByRole('link', { name: 'Play another day' }).getAttribute('href')).toBe('/explore/archive');
    expect(within(steps).getByRole('link', { name: 'Play a community game' }).getAttribute('href')).toBe('/explore/community');
    fireEvent.click(within(steps).getByRole('button', { name: 'Share' }));
    await waitFor(() => {
      expect(clipboard).toHaveBeenCalled();
    });
    expect(clipboard.mock.calls[0]?.[0]).toMatch(/^🌋 Lavalist .*\nDay \d+ - bodies orbiting the sun\n/);
  });

  it('take the focus a closing modal had nowhere to return', async () => {
    answerStats(stats());
    finish(todayMeta, ['mercury']);
    act(() => {
      useUi.setState({ modal: 'gameOver' });
    });
    renderWithApp(<NextSteps />);
    expect(document.activeElement).toBe(document.body);
    act(() => {
      useUi.setState({ modal: null });
    });
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Share' }));
    });
  });
});
