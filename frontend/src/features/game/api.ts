/**
 * The queries that cache the server's answers for the game screens (spec §7: 5 minutes); the day
 * lists' queries, which explore shares, are src/api/days.ts.
 */
import { useQuery } from '@tanstack/react-query';
import { FIVE_MINUTES } from '../../lib/cacheTimes.ts';
import type { Game, StatsResponse } from '../../api/generated/index.ts';
import { get, getAsPlayer, query } from '../../lib/apiClient.ts';
import { userKey } from '../../lib/storage.ts';
import { useUser } from '../../stores/user.ts';
import { ENGLISH } from '../../lib/edition.ts';
import { fetchEditionGame } from '../../api/games.ts';

// The requests only these queries make (src/api/games.ts has those today's game needs without them).

const fetchGameByUid = (uid: string, signal?: AbortSignal) => get<Game>(`/api/game/uid/${encodeURIComponent(uid)}`, signal);

/** Without a score (an admin's mid-game look), `percentile` is the userKey's stored one or null. */
const fetchDailyStats = (date: string, score: number | undefined, userKey: string, edition?: string) =>
  getAsPlayer<StatsResponse>(`/api/game/stats${query({ date, score, edition: edition === ENGLISH ? undefined : edition })}`, userKey);

const fetchCommunityStats = (uid: string, score: number | undefined, userKey: string) =>
  getAsPlayer<StatsResponse>(`/api/game/community-stats/${encodeURIComponent(uid)}${query({ score })}`, userKey);

/**
 * A past day's game in a daily edition, English's when that edition has none that day (`enabled`
 * false: not asked, e.g. a date the player may not open); today's is src/stores/todayGame.ts.
 */
export const useGameByDate = (date: string, enabled = true, edition: string = ENGLISH) =>
  useQuery({
    queryKey: ['game', 'date', date, edition],
    queryFn: ({ signal }) => fetchEditionGame(date, edition, signal),
    enabled,
    staleTime: FIVE_MINUTES,
  });

export const useGameByUid = (uid: string) =>
  useQuery({ queryKey: ['game', 'uid', uid], queryFn: ({ signal }) => fetchGameByUid(uid, signal), enabled: uid !== '', staleTime: FIVE_MINUTES });

/** Which game's stats: a community game by uid, else a day by date. */
export interface StatsTarget {
  /** The save key, which names the game in the cache. */
  key: string;
  uid?: string | undefined;
  date: string;
  /** A daily game's edition: its stats and this player's streaks in it. */
  edition?: string | undefined;
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
      target.uid
        ? fetchCommunityStats(target.uid, score, userKey())
        : fetchDailyStats(target.date, score, userKey(), target.edition),
    staleTime: FIVE_MINUTES,
    enabled,
  });
}

