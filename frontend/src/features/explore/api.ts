/** The explore lists (spec §2, §7): the public two and the admins' three, and their query. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, query } from '../../lib/apiClient.ts';
import { ENGLISH } from '../../lib/edition.ts';
import type { Category, CommunitySort, GameList, ReviewList, TopPeriod } from '../../api/generated/index.ts';

/** The community tab's order and filters (in the page's URL). */
export interface CommunityView {
  sort: CommunitySort;
  period: TopPeriod;
  category: Category | null;
}

export const DEFAULT_VIEW: CommunityView = { sort: 'hot', period: 'all', category: null };

export const PAGE_SIZE = 12;

export type ListKind = 'archive' | 'community';

/** The admin-only explore lists: scheduled days, the review queue, hidden (denied) games. */
export type AdminListKind = 'future' | 'review' | 'denied';

/** Every explore list: the public two and the admin-only three. */
export type ExploreKind = ListKind | AdminListKind;

export const isAdminList = (kind: ExploreKind): kind is AdminListKind =>
  kind === 'future' || kind === 'review' || kind === 'denied';

/**
 * Where each community page starts, learnt from the page before it (its `next`): the server finds
 * a page by its cursor in the time page 1 takes, where a page number makes it skip every game
 * before it. A page reached any other way (a typed or shared address) asks by number.
 */
const cursors = new Map<string, string>();
const MAX_CURSORS = 500;

const cursorKey = (view: CommunityView, search: string, page: number) =>
  JSON.stringify([view.sort, view.sort === 'top' ? view.period : null, view.category, search, page]);

/** The `edition` parameter of a day list: left out for English, the server's default. */
const editionParam = (edition: string | undefined) => (edition && edition !== ENGLISH ? edition : undefined);

export async function fetchList(
  kind: ListKind,
  page: number,
  search: string,
  signal?: AbortSignal,
  view: CommunityView = DEFAULT_VIEW,
  edition?: string,
) {
  const term = search.trim();
  if (kind === 'archive') {
    return get<GameList>(`/api/previous-days-paginated${query({ page, limit: PAGE_SIZE, search: term, edition: editionParam(edition) })}`, signal);
  }
  const { sort, period, category } = view;
  const after = page > 1 ? cursors.get(cursorKey(view, term, page)) : undefined;
  const where = after === undefined ? { page } : { after };
  const params = { ...where, limit: PAGE_SIZE, search: term, sort, period: sort === 'top' ? period : null, category };
  const list = await get<GameList>(`/api/community-games-paginated${query(params)}`, signal);
  if (list.next !== undefined) {
    if (cursors.size >= MAX_CURSORS) cursors.clear();
    cursors.set(cursorKey(view, term, page + 1), list.next);
  }
  return list;
}

/**
 * The admins' lists (the review lists' games come with their items and submission time); the
 * server answers 401 to guests and 403 to other players.
 */
export function fetchAdminList(
  kind: AdminListKind,
  page: number,
  search: string,
  signal?: AbortSignal,
  edition?: string,
): Promise<GameList | ReviewList> {
  const params = { page, limit: PAGE_SIZE, search: search.trim() };
  if (kind === 'future') return get<GameList>(`/api/future-days-paginated${query({ ...params, edition: editionParam(edition) })}`, signal);
  const status = kind === 'review' ? 'unreviewed' : 'denied';
  return get<ReviewList>(`/api/admin/review-games${query({ ...params, status })}`, signal);
}

/**
 * One page of a list (`kind` undefined: not asked yet); the previous page shows while the next
 * loads. The day lists (archive, future days) are one daily edition's.
 */
export function useExploreList(kind: ExploreKind | undefined, page: number, term: string, view: CommunityView = DEFAULT_VIEW, edition: string = ENGLISH) {
  const byEdition = kind === 'archive' || kind === 'future';
  return useQuery({
    queryKey: ['list', kind, page, term.trim(), ...(kind === 'community' ? [view.sort, view.period, view.category] : []), ...(byEdition ? [edition] : [])],
    queryFn: ({ signal }): Promise<GameList | ReviewList> => {
      const k = kind ?? 'archive';
      return isAdminList(k) ? fetchAdminList(k, page, term, signal, edition) : fetchList(k, page, term, signal, view, edition);
    },
    enabled: kind !== undefined,
    placeholderData: keepPreviousData,
  });
}
