/** The queries that cache the server's answers for the player-facing screens (spec §7: 5 minutes). */
import { useQuery } from '@tanstack/react-query';
import { FIVE_MINUTES } from '../../lib/cacheTimes.ts';
import type { AccountDays, Game, GameList, StatsResponse } from '../../api/generated/index.ts';
import { get, getAsPlayer, query } from '../../lib/apiClient.ts';
import { userKey } from '../../lib/storage.ts';
import { useUser } from '../../stores/user.ts';
import { editionQuery, ENGLISH, useEdition } from '../../lib/edition.ts';
import { fetchEditionGame, fetchPreviousDays } from './requests.ts';

// The requests only these queries make (./requests.ts has those today's game needs without them).

const fetchGameByUid = (uid: string, signal?: AbortSignal) => get<Game>(`/api/game/uid/${encodeURIComponent(uid)}`, signal);

/** Without a score (an admin's mid-game look), `percentile` is the userKey's stored one or null. */
const fetchDailyStats = (date: string, score: number | undefined, userKey: string, edition?: string) =>
  getAsPlayer<StatsResponse>(`/api/game/stats${query({ date, score, edition: edition === ENGLISH ? undefined : edition })}`, userKey);

const fetchCommunityStats = (uid: string, score: number | undefined, userKey: string) =>
  getAsPlayer<StatsResponse>(`/api/game/community-stats/${encodeURIComponent(uid)}${query({ score })}`, userKey);

/** A logged-in player's finished daily days of an edition from the server, played on any device. */
const fetchAccountDays = (signal?: AbortSignal, edition?: string) => get<AccountDays>(`/api/history/days${editionQuery(edition)}`, signal);

/**
 * A past day's game in a daily edition, English's when that edition has none that day (`enabled`
 * false: not asked, e.g. a date the player may not open); today's is ./todayGame.ts.
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

/** A logged-in player's finished daily days of an edition from the server, played on any device (`null`: a guest, not asked). */
export const useAccountDays = (username: string | null, edition: string = ENGLISH) =>
  useQuery({
    queryKey: ['account-days', username, edition],
    queryFn: ({ signal }) => fetchAccountDays(signal, edition),
    enabled: username !== null,
  });

/** Every past day of a daily edition (`enabled` false: not asked). */
export const usePreviousDays = (edition: string = ENGLISH, enabled = true) =>
  useQuery({
    queryKey: ['previous-days', edition],
    queryFn: ({ signal }) => fetchPreviousDays(signal, edition),
    enabled,
    staleTime: FIVE_MINUTES,
  });

/**
 * The edition the day lists open on, from the edition this device asks for (`wanted`: chosen
 * here, else the interface language's) and that edition's past days: `wanted` when it has any;
 * else English, the edition a player whose language has no daily of its own plays (`/` falls
 * back the same way); `undefined` while the days are on their way.
 */
export function listEditionOf(wanted: string, days: GameList | undefined, failed: boolean): string | undefined {
  if (wanted === ENGLISH || failed) return ENGLISH;
  if (!days) return undefined;
  return days.games.length > 0 ? wanted : ENGLISH;
}

/**
 * The edition the archive and the calendar show unless the player picks another (`listEditionOf`);
 * `enabled` false: no day list on screen, nothing asked.
 */
export function useListEdition(enabled = true): string | undefined {
  const wanted = useEdition((s) => s.edition);
  const days = usePreviousDays(wanted, enabled && wanted !== ENGLISH);
  return listEditionOf(wanted, days.data, days.isError);
}

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

