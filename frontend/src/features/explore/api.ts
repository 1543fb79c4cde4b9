/** The explore lists (spec §2, §7): the public two and the admins' three, and their query. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, query } from '../../lib/apiClient.ts';
import type { GameList, ReviewList } from '../../api/generated/index.ts';

export const PAGE_SIZE = 12;

export type ListKind = 'archive' | 'community';

/** The admin-only explore lists: scheduled days, the review queue, hidden (denied) games. */
export type AdminListKind = 'future' | 'review' | 'denied';

/** Every explore list: the public two and the admin-only three. */
export type ExploreKind = ListKind | AdminListKind;

export const isAdminList = (kind: ExploreKind): kind is AdminListKind =>
  kind === 'future' || kind === 'review' || kind === 'denied';

export function fetchList(kind: ListKind, page: number, search: string, signal?: AbortSignal) {
  const path = kind === 'archive' ? '/api/previous-days-paginated' : '/api/community-games-paginated';
  return get<GameList>(`${path}${query({ page, limit: PAGE_SIZE, search: search.trim() })}`, signal);
}

/**
 * The admins' lists (the review lists' games come with their items and submission time); the
 * server answers 401 to guests and 403 to other players.
 */
export function fetchAdminList(kind: AdminListKind, page: number, search: string, signal?: AbortSignal): Promise<GameList | ReviewList> {
  const params = { page, limit: PAGE_SIZE, search: search.trim() };
  if (kind === 'future') return get<GameList>(`/api/future-days-paginated${query(params)}`, signal);
  const status = kind === 'review' ? 'unreviewed' : 'denied';
  return get<ReviewList>(`/api/admin/review-games${query({ ...params, status })}`, signal);
}

/** One page of a list (`kind` undefined: not asked yet); the previous page shows while the next loads. */
export function useExploreList(kind: ExploreKind | undefined, page: number, term: string) {
  return useQuery({
    queryKey: ['list', kind, page, term.trim()],
    queryFn: ({ signal }): Promise<GameList | ReviewList> => {
      const k = kind ?? 'archive';
      return isAdminList(k) ? fetchAdminList(k, page, term, signal) : fetchList(k, page, term, signal);
    },
    enabled: kind !== undefined,
    placeholderData: keepPreviousData,
  });
}
