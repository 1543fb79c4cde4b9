/**
 * Admin calls (spec §5–§7, server README "Admin"): the admin-only listings, review decisions,
 * making a game daily and the game editor. The server answers 401 to guests and 403
 * `You are not authorized to perform this action.` to other users.
 */
import { ApiError, get, post, query, request } from './client.ts';
import { PAGE_SIZE } from './endpoints.ts';
import type { ApiGame, GameList } from './types.ts';

/** The admin-only explore lists: scheduled days, the review queue, hidden (denied) games. */
export type AdminListKind = 'future' | 'review' | 'denied';

export function fetchAdminList(kind: AdminListKind, page: number, search: string, signal?: AbortSignal) {
  const params = { page, limit: PAGE_SIZE, search: search.trim() };
  if (kind === 'future') return get<GameList>(`/api/future-days-paginated${query(params)}`, signal);
  const status = kind === 'review' ? 'unreviewed' : 'denied';
  return get<GameList>(`/api/admin/review-games${query({ ...params, status })}`, signal);
}

export interface ReviewResult {
  uid: string;
  approved: boolean;
}

/** Approve (an approved, public community game) or hide (denied and private). */
export const reviewGame = (uid: string, approved: boolean) =>
  post<ReviewResult>(`/api/admin/review-game/${encodeURIComponent(uid)}`, { approved });

export interface DailyResult {
  uid: string;
  /** The date it became the daily game of: the first free day after today (YYYY-MM-DD). */
  date: string;
}

export const makeDaily = (uid: string) => post<DailyResult>(`/api/admin/make-daily/${encodeURIComponent(uid)}`, {});

/** Any game by uid, daily ones included (`uid` and `public` are always present here). */
export const fetchEditableGame = (uid: string, signal?: AbortSignal) =>
  get<ApiGame>(`/api/game/edit/${encodeURIComponent(uid)}`, signal);

export interface EditItem {
  /** The stored item's id; kept so per-item stats keep their meaning. */
  id: number;
  name: string;
  altSpellings: string[];
}

/** Body of `PUT /api/game/edit/{uid}` (spec §3 "Edit payload"). */
export interface EditBody {
  prompt: string;
  public: boolean;
  items: EditItem[];
}

export const saveGame = (uid: string, body: EditBody) =>
  request<ApiGame>('PUT', `/api/game/edit/${encodeURIComponent(uid)}`, body);

export const NOT_AUTHORIZED = 'You are not authorized to perform this action.';

/** A refused admin call (not logged in, or not an admin) rather than a failed one. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Every explore list: the public two and the admin-only three. */
export type ExploreKind = 'archive' | 'community' | AdminListKind;

export const isAdminList = (kind: ExploreKind): kind is AdminListKind =>
  kind === 'future' || kind === 'review' || kind === 'denied';
