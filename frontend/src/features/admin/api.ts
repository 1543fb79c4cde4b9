/**
 * Admin calls (spec §5–§7, docs/features/admin.md): review decisions, making a game daily and the
 * game editor, and the queries and mutations around them (what they refresh once they succeed).
 * The server answers 401 to guests and 403 to other users.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, get, post, query, request } from '../../lib/apiClient.ts';
import { refreshTodaysGame } from '../../stores/todayGame.ts';
import type { AcceptResult, DailyResult, DisputeGroups, EditBody, FreeDailyDate, Game, RejectResult, ReviewResult, SavedGame } from '../../api/generated/index.ts';

/** Approve (an approved, public community game) or hide (denied and private). */
export const reviewGame = (uid: string, approved: boolean) =>
  post<ReviewResult>(`/api/admin/review-game/${encodeURIComponent(uid)}`, { approved });

/** Spec §5: what Make Daily asks first. */
export const MAKE_DAILY_CONFIRM = 'c.makeDaily.confirm';

/** Makes the game the daily game of `date` (`YYYY-MM-DD`), or of the first free day after today. */
export const makeDaily = (uid: string, date?: string) =>
  post<DailyResult>(`/api/admin/make-daily/${encodeURIComponent(uid)}${query({ date })}`, {});

/** The first day without a daily game: after today, and on or after `from` when given. */
export const fetchNextDailyDate = (from?: string, signal?: AbortSignal) =>
  get<FreeDailyDate>(`/api/admin/next-daily-date${query({ date: from })}`, signal);

/** The make-daily picker's suggestion (no `from`), or the first free day from the one picked. */
export const useNextDailyDate = (from: string | undefined, enabled = true) =>
  useQuery({ queryKey: ['next-daily-date', from ?? ''], queryFn: ({ signal }) => fetchNextDailyDate(from, signal), enabled, staleTime: 0, retry: false });

/** Any game by uid, daily ones included (`uid` and `public` are always present here). */
export const fetchEditableGame = (uid: string, signal?: AbortSignal) =>
  get<Game>(`/api/game/edit/${encodeURIComponent(uid)}`, signal);

/** Saved even with words the bad-word check flags: they come back as `warnings`. */
export const saveGame = (uid: string, body: EditBody) =>
  request<SavedGame>('PUT', `/api/game/edit/${encodeURIComponent(uid)}`, body);

/** A refused admin call (not logged in, or not an admin) rather than a failed one. */
export const isRefusal = (error: unknown): boolean => error instanceof ApiError && error.refused;

/** The game asked for does not exist (any more). */
export const isGameNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 'gameNotFound' || error.code === 'notFound');

/** Every game shown anywhere is asked for again: the cached ones and today's on `/`. */
function refreshGames(client: QueryClient): Promise<void> {
  refreshTodaysGame();
  return client.invalidateQueries({ queryKey: ['game'] });
}

/** What a mutation's page does with its outcome (toasts, navigation). */
interface Outcome<T, V> {
  onSuccess: (result: T, variables: V) => void;
  onError: (error: Error) => void;
}

/** The game as stored now (the editor always starts from it: nothing cached). */
export const useEditableGame = (uid: string) =>
  useQuery({ queryKey: ['edit', uid], queryFn: ({ signal }) => fetchEditableGame(uid, signal), enabled: uid !== '', staleTime: 0, gcTime: 0 });

/** Saves an edit; the games, lists and stats shown anywhere are refetched before `onSuccess`. */
export function useSaveGame(uid: string, outcome: Outcome<SavedGame, EditBody>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EditBody) => saveGame(uid, body),
    onSuccess: async (saved, body) => {
      await Promise.all([
        refreshGames(client),
        client.invalidateQueries({ queryKey: ['list'] }),
        client.invalidateQueries({ queryKey: ['stats'] }),
      ]);
      outcome.onSuccess(saved, body);
    },
    onError: outcome.onError,
  });
}

/** Approves or hides a game; the lists are refetched. */
export function useReviewGame(uid: string, outcome: Outcome<ReviewResult, boolean>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (approved: boolean) => reviewGame(uid, approved),
    onSuccess: async (result, approved) => {
      outcome.onSuccess(result, approved);
      await client.invalidateQueries({ queryKey: ['list'] });
    },
    onError: outcome.onError,
  });
}

/** Makes a game the daily game of the day picked; the lists, the games and the next free day are refetched. */
export function useMakeDaily(uid: string, outcome: Outcome<DailyResult, string | undefined>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string | undefined) => makeDaily(uid, date),
    onSuccess: async (result, date) => {
      outcome.onSuccess(result, date);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['list'] }),
        refreshGames(client),
        client.invalidateQueries({ queryKey: ['next-daily-date'] }),
      ]);
    },
    onError: outcome.onError,
  });
}

/** Open "I was right" disputes, grouped by game and guess (the Disputes tab). */
export const fetchDisputeGroups = (signal?: AbortSignal) => get<DisputeGroups>('/api/admin/disputes', signal);

/** The guess becomes a spelling of `itemId`; the server regrades every result of the game. */
export const acceptDisputes = (gameUid: string, guessKey: string, itemId: number) =>
  post<AcceptResult>('/api/admin/disputes/accept', { gameUid, guessKey, itemId });

export const rejectDisputes = (gameUid: string, guessKey: string) =>
  post<RejectResult>('/api/admin/disputes/reject', { gameUid, guessKey });

export const useDisputeGroups = () =>
  useQuery({ queryKey: ['disputes'], queryFn: ({ signal }) => fetchDisputeGroups(signal), staleTime: 0 });

/** Accepts or rejects a group; the groups, and the games and stats a regrade changed, are refetched. */
export function useResolveDisputes(outcome: Outcome<AcceptResult | RejectResult, DisputeDecision>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: DisputeDecision) =>
      d.itemId === null ? rejectDisputes(d.gameUid, d.guessKey) : acceptDisputes(d.gameUid, d.guessKey, d.itemId),
    onSuccess: async (result, decision) => {
      outcome.onSuccess(result, decision);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['disputes'] }),
        refreshGames(client),
        client.invalidateQueries({ queryKey: ['stats'] }),
      ]);
    },
    onError: outcome.onError,
  });
}

/** Accept (with the item the guess names) or reject (`itemId` null) one group. */
export interface DisputeDecision {
  gameUid: string;
  guessKey: string;
  itemId: number | null;
}
