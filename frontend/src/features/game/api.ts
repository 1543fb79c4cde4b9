/** The server calls the player-facing screens make (spec §7), and the queries that cache them. */
import { useQuery } from '@tanstack/react-query';
import { get, getAsPlayer, post, query } from '../../lib/apiClient.ts';
import { FIVE_MINUTES } from '../../lib/cacheTimes.ts';
import type { AccountDays, CommunitySubmission, DailySubmission, Dispute, DisputeList, Game, GameList, StatsResponse } from '../../api/generated/index.ts';
import { userKey } from '../../lib/storage.ts';
import { useUser } from '../../stores/user.ts';

export const fetchGameByDate = (date: string, signal?: AbortSignal) =>
  get<Game>(`/api/game/date/${encodeURIComponent(date)}`, signal);

export const fetchGameByUid = (uid: string, signal?: AbortSignal) =>
  get<Game>(`/api/game/uid/${encodeURIComponent(uid)}`, signal);

/** A finished game's result: a day's by date, a community game's by uid. */
export type Submission = DailySubmission | CommunitySubmission;

export function submitResult(body: Submission): Promise<unknown> {
  return 'gameUid' in body ? post('/api/game/submit-community-game', body) : post('/api/game/submit', body);
}

/** Without a score (an admin's mid-game look), `percentile` is the userKey's stored one or null. */
export const fetchDailyStats = (date: string, score: number | undefined, userKey: string) =>
  getAsPlayer<StatsResponse>(`/api/game/stats${query({ date, score })}`, userKey);

export const fetchCommunityStats = (uid: string, score: number | undefined, userKey: string) =>
  getAsPlayer<StatsResponse>(`/api/game/community-stats/${encodeURIComponent(uid)}${query({ score })}`, userKey);

/** Every past day (calendar, dice). */
export const fetchPreviousDays = (signal?: AbortSignal) => get<GameList>('/api/previous-days', signal);

/** A value for one date, handed out once: a later query (a retry, a refetch) asks the server. */
function onceFor<T>() {
  let held: { date: string; value: T } | undefined;
  return {
    hold(date: string, value: T) {
      held = { date, value };
    },
    peek(date: string): T | undefined {
      return held?.date === date ? held.value : undefined;
    },
    take(date: string): T | undefined {
      if (held?.date !== date) return undefined;
      const { value } = held;
      held = undefined;
      return value;
    },
  };
}

const prefetched = onceFor<Promise<Game>>();
const embedded = onceFor<Game>();

/** Asks for a day's game before any component does (main.tsx: today's, as soon as the core is up). */
export function prefetchGameByDate(date: string): void {
  const game = fetchGameByDate(date);
  // A failure is the query's to report: it asks again itself.
  game.catch(() => undefined);
  prefetched.hold(date, game);
}

/** The id of the data block in which the server puts today's game on `/` (server/src/spa/home.rs). */
export const EMBEDDED_GAME_ID = 'today-game';

/**
 * Reads today's game from the page, where the server put it, so that the first render has it
 * without a fetch. Returns its date (main.tsx fetches when that is not the core's today, e.g. a
 * page the service worker kept from another day), or null when the page has none.
 */
export function readEmbeddedGame(doc: Document = document): string | null {
  const text = doc.getElementById(EMBEDDED_GAME_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { date?: unknown; game?: unknown };
    if (typeof data.date !== 'string' || typeof data.game !== 'object' || data.game === null) return null;
    embedded.hold(data.date, data.game as Game);
    return data.date;
  } catch {
    return null; // a damaged block: the query fetches as before
  }
}

/** The game the server put in the page for `date`, if any, without handing it out (main.tsx). */
export const embeddedGame = (date: string): Game | undefined => embedded.peek(date);

/** A day's game (`enabled` false: not asked, e.g. a date the player may not open). */
export const useGameByDate = (date: string, enabled = true) =>
  useQuery({
    queryKey: ['game', 'date', date],
    queryFn: ({ signal }) => prefetched.take(date) ?? fetchGameByDate(date, signal),
    // Counted fresh from the first render for staleTime, like a fetched answer.
    initialData: () => (enabled ? embedded.take(date) : undefined),
    enabled,
    staleTime: FIVE_MINUTES,
  });

export const useGameByUid = (uid: string) =>
  useQuery({ queryKey: ['game', 'uid', uid], queryFn: ({ signal }) => fetchGameByUid(uid, signal), enabled: uid !== '', staleTime: FIVE_MINUTES });

/** A logged-in player's finished daily days from the server, played on any device (`null`: a guest, not asked). */
export const useAccountDays = (username: string | null) =>
  useQuery({
    queryKey: ['account-days', username],
    queryFn: ({ signal }) => get<AccountDays>('/api/history/days', signal),
    enabled: username !== null,
  });

export const usePreviousDays = () =>
  useQuery({ queryKey: ['previous-days'], queryFn: ({ signal }) => fetchPreviousDays(signal), staleTime: FIVE_MINUTES });

/** Which game's stats: a community game by uid, else a day by date. */
export interface StatsTarget {
  /** The save key, which names the game in the cache. */
  key: string;
  uid?: string | undefined;
  date: string;
}

/**
 * The stats for `score` (undefined: an admin's mid-game look); cached 5 minutes (spec §7). The
 * player is part of the key: a logged-in player's streaks are the account's.
 */
export function useGameStats(target: StatsTarget, score: number | undefined, enabled: boolean) {
  const player = useUser((s) => s.user?.username ?? null);
  return useQuery({
    queryKey: ['stats', target.key, score ?? 'in-progress', player],
    queryFn: (): Promise<StatsResponse> =>
      target.uid ? fetchCommunityStats(target.uid, score, userKey()) : fetchDailyStats(target.date, score, userKey()),
    staleTime: FIVE_MINUTES,
    enabled,
  });
}

/** "I was right": disputes a wrong guess of this player's stored result of the game `uid`. */
export const disputeGuess = (uid: string, guess: string) =>
  post<Dispute>(`/api/game/uid/${encodeURIComponent(uid)}/disputes`, { userKey: userKey(), guess });

/** This player's disputes, newest first (how an accepted one is learnt of). */
export const fetchMyDisputes = () => getAsPlayer<DisputeList>('/api/disputes', userKey());
