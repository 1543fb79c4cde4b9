/**
 * Today's game for `/`, without TanStack Query, which is not in the first download: from the page
 * when the server put it there, else from main.tsx's early request, else asked for. Reads are
 * retried as every read is (lib/retryPolicy.ts), and a game older than 5 minutes is asked for
 * again when the page mounts, as the cached queries of the other screens are (spec §7).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Game } from '../../api/generated/index.ts';
import { FIVE_MINUTES } from '../../lib/cacheTimes.ts';
import { retryDelay, shouldRetry } from '../../lib/retryPolicy.ts';
import { fetchGameByDate, takeEmbeddedGame, takePrefetchedGame } from './requests.ts';

interface Entry {
  game?: Game;
  /** The last request's failure, once its retries are spent. */
  error?: unknown;
  /** When `game` arrived (0: to be asked for again). */
  fetchedAt: number;
  loading: boolean;
}

const useEntries = create<Record<string, Entry>>()(() => ({}));

const entry = (date: string): Entry | undefined => useEntries.getState()[date];

function patch(date: string, change: Partial<Entry>): void {
  useEntries.setState((all) => ({ ...all, [date]: { fetchedAt: 0, loading: false, ...all[date], ...change } }));
}

/** Takes the game the page carried for `date`, if any, into the store, and returns it. */
export function primeTodaysGame(date: string): Game | undefined {
  const game = takeEmbeddedGame(date);
  if (game) patch(date, { game, error: undefined, fetchedAt: Date.now(), loading: false });
  return game;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function load(date: string): Promise<void> {
  if (entry(date)?.loading || primeTodaysGame(date)) return;
  patch(date, { loading: true, error: undefined });
  let request = takePrefetchedGame(date) ?? fetchGameByDate(date);
  for (let failures = 0; ; failures += 1) {
    try {
      const game = await request;
      patch(date, { game, fetchedAt: Date.now(), loading: false });
      return;
    } catch (error) {
      if (!shouldRetry(failures, error)) {
        patch(date, { error, loading: false });
        return;
      }
      await sleep(retryDelay(failures));
      request = fetchGameByDate(date);
    }
  }
}

const isStale = (e: Entry) => Date.now() - e.fetchedAt > FIVE_MINUTES;

/** Has every day's game asked for again (an admin changed a game); the one on screen stays until then. */
export function refreshTodaysGame(): void {
  useEntries.setState((all) => Object.fromEntries(Object.entries(all).map(([date, e]) => [date, { ...e, fetchedAt: 0 }])));
}

/** Forgets every game, as a new page would (tests). */
export function resetTodaysGames(): void {
  useEntries.setState({}, true);
}

/**
 * Today's game (`date`, from the core). `error` only when there is no game to show: a failed
 * refresh keeps the game on screen.
 */
export function useTodaysGame(date: string) {
  const current = useEntries((all) => all[date]);
  const fetchedAt = current?.fetchedAt;
  useEffect(() => {
    const now = entry(date);
    if (!now || (!now.loading && !now.error && isStale(now))) void load(date);
  }, [date, fetchedAt]);
  const game = current?.game;
  const error = game ? undefined : current?.error;
  return { data: game, error, isError: error !== undefined, refetch: () => load(date) };
}
