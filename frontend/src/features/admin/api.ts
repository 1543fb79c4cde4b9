/**
 * Admin calls (spec §5–§7, server README "Admin"): review decisions, making a game daily and the
 * game editor. The server answers 401 to guests and 403 to other users.
 */
import { ApiError, get, post, request } from '../../lib/apiClient.ts';
import type { Game, DailyResult, EditBody, ReviewResult } from '../../api/generated/index.ts';

/** Approve (an approved, public community game) or hide (denied and private). */
export const reviewGame = (uid: string, approved: boolean) =>
  post<ReviewResult>(`/api/admin/review-game/${encodeURIComponent(uid)}`, { approved });

export const makeDaily = (uid: string) => post<DailyResult>(`/api/admin/make-daily/${encodeURIComponent(uid)}`, {});

/** Any game by uid, daily ones included (`uid` and `public` are always present here). */
export const fetchEditableGame = (uid: string, signal?: AbortSignal) =>
  get<Game>(`/api/game/edit/${encodeURIComponent(uid)}`, signal);

export const saveGame = (uid: string, body: EditBody) =>
  request<Game>('PUT', `/api/game/edit/${encodeURIComponent(uid)}`, body);

/** The catalogue's toast for a refused admin action (spec §8). */
export const NOT_AUTHORIZED = 'You are not authorized to perform this action.';

/** A refused admin call (not logged in, or not an admin) rather than a failed one. */
export const isRefusal = (error: unknown): boolean => error instanceof ApiError && error.refused;

/** The game asked for does not exist (any more). */
export const isGameNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 'gameNotFound' || error.code === 'notFound');
