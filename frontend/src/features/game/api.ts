/** The server calls the player-facing screens make (spec §7). */
import { get, post, query } from '../../lib/apiClient.ts';
import type { ApiGame, GameList, Stats, Submission } from '../../api/types.ts';

export const fetchGameByDate = (date: string, signal?: AbortSignal) =>
  get<ApiGame>(`/api/game/date/${encodeURIComponent(date)}`, signal);

export const fetchGameByUid = (uid: string, signal?: AbortSignal) =>
  get<ApiGame>(`/api/game/uid/${encodeURIComponent(uid)}`, signal);

export function submitResult(body: Submission): Promise<unknown> {
  return body.gameUid ? post('/api/game/submit-community-game', body) : post('/api/game/submit', body);
}

/** Without a score (an admin's mid-game look), `percentile` is the userKey's stored one or null. */
export const fetchDailyStats = (date: string, score: number | undefined, userKey: string) =>
  get<Stats>(`/api/game/stats${query({ date, score, userKey })}`);

export const fetchCommunityStats = (uid: string, score: number | undefined, userKey: string) =>
  get<Stats>(`/api/game/community-stats/${encodeURIComponent(uid)}${query({ score, userKey })}`);

/** Every past day (calendar, dice). */
export const fetchPreviousDays = (signal?: AbortSignal) => get<GameList>('/api/previous-days', signal);
