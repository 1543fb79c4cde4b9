/** The community around games (server `community` module): ratings, the dice, a creator's numbers. */
import { useQuery } from '@tanstack/react-query';
import { get, post, request, USER_KEY_HEADER } from '../../lib/apiClient.ts';
import { userKey } from '../../lib/storage.ts';
import type { CreatorStats, CreatorTotals, RandomGame, RatingBody, RatingSummary } from '../../api/generated/index.ts';

/** Sent with this browser's userKey as a header (a logged-in player's ratings are the account's). */
const asPlayer = () => ({ [USER_KEY_HEADER]: userKey() });

export const ratingKey = (uid: string) => ['rating', uid] as const;

export function useRating(uid: string) {
  return useQuery({
    queryKey: ratingKey(uid),
    queryFn: ({ signal }) => request<RatingSummary>('GET', `/api/game/uid/${encodeURIComponent(uid)}/rating`, undefined, signal, asPlayer()),
  });
}

export const rateGame = (uid: string, stars: number) =>
  post<RatingSummary>(`/api/game/uid/${encodeURIComponent(uid)}/rating`, { userKey: userKey(), stars } satisfies RatingBody);

export const rollDice = () => request<RandomGame>('GET', '/api/community-games/random', undefined, undefined, asPlayer());

export function useCreatorStats(enabled: boolean) {
  return useQuery({
    queryKey: ['creator-stats'],
    queryFn: ({ signal }) => get<CreatorStats>('/api/me/creator-stats', signal),
    enabled,
  });
}

export function useCreatorTotals(username: string) {
  return useQuery({
    queryKey: ['creator-totals', username],
    queryFn: ({ signal }) => get<CreatorTotals>(`/api/users/${encodeURIComponent(username)}/creator-totals`, signal),
  });
}
