/**
 * Today's game for `/`, without TanStack Query, which is not in the first download: from the page
 * when the server put it there, else from main.ts's early request, else asked for. Reads are
 * retried as every read is (lib/retryPolicy.ts), and a game older than 5 minutes is asked for
 * again when the page mounts, as the cached queries of the other screens are (spec §7).
 *
 * Per daily edition (lib/edition.ts): an edition with no game today (`noEditionGame`) gets
 * English's game in its place, whose `edition` then says so.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Game } from '../api/generated/index.ts';
import { FIVE_MINUTES } from '../lib/cacheTimes.ts';
import { retryDelay, shouldRetry } from '../lib/retryPolicy.ts';
import { dailyKey, ENGLISH } from '../lib/edition.ts';
import { embeddedGame, fetchEditionGame, servesEdition, takeEmbeddedGame, takePrefetchedGame } from '../api/games.ts';

interface Entry {
  game?: Game;
  /** The last request's failure, once its retries are spent. */
  error?: unknown;
  /** When `game` arrived (0: to be asked for again). */
  fetchedAt: number;
  loading: boolean;
}

const useEntries = create<Record<string, Entry>>()(() => ({}));

const entry = (key: string): Entry | undefined => useEntries.getState()[key];

function patch(key: string, change: Partial<Entry>): void {
  useEntries.setState((all) => ({ ...all, [key]: { fetchedAt: 0, loading: false, ...all[key], ...change } }));
}

/** Takes the game the page carried for `date`, if it answers `edition`, into the store, and returns it. */
export function primeTodaysGame(date: string, edition: string = ENGLISH): Game | undefined {
  const held = embeddedGame(date);
  if (!held || !servesEdition(held, edition)) return undefined;
  const game = takeEmbeddedGame(date);
  if (game) patch(dailyKey(date, edition), { game, error: undefined, fetchedAt: Date.now(), loading: false });
  return game;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const fetchEdition = (date: string, edition: string): Promise<Game> => fetchEditionGame(date, edition);

async function load(date: string, edition: string): Promise<void> {
  const key = dailyKey(date, edition);
  if (entry(key)?.loading || primeTodaysGame(date, edition)) return;
  patch(key, { loading: true, error: undefined });
  const prefetched = takePrefetchedGame(date, edition);
  let request = prefetched ? prefetched.catch(() => fetchEdition(date, edition)) : fetchEdition(date, edition);
  for (let failures = 0; ; failures += 1) {
    try {
      const game = await request;
      patch(key, { game, fetchedAt: Date.now(), loading: false });
      return;
    } catch (error) {
      if (!shouldRetry(failures, error)) {
        patch(key, { error, loading: false });
        return;
      }
      await sleep(retryDelay(failures));
      request = fetchEdition(date, edition);
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
 * Today's game (`date`, from the core) in a daily edition (English's when that edition has none
 * today). `error` only when there is no game to show: a failed refresh keeps the game on screen.
 */
export function useTodaysGame(date: string, edition: string = ENGLISH) {
  const key = dailyKey(date, edition);
  const current = useEntries((all) => all[key]);
  const fetchedAt = current?.fetchedAt;
  useEffect(() => {
    const now = entry(key);
    if (!now || (!now.loading && !now.error && isStale(now))) void load(date, edition);
  }, [date, edition, key, fetchedAt]);
  const game = current?.game;
  const error = game ? undefined : current?.error;
  return { data: game, error, isError: error !== undefined, refetch: () => load(date, edition) };
}
