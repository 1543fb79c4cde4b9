/**
 * "Challenge a friend" (server/src/domains/challenges): making a link to a finished game, a link's
 * spoiler-free preview, and both results side by side once this player's own result is stored.
 * A past day is never submitted by the archive, so its log is stored for challenges first.
 */
import type {
  ArchiveResult,
  ChallengeComparison,
  ChallengeCreated,
  ChallengePreview,
} from '../../api/generated/index.ts';
import { ApiError, getAsPlayer, post } from '../../lib/apiClient.ts';
import { userKey } from '../../lib/storage.ts';
import { sendOne } from '../../stores/outbox.ts';
import { communityKey, loadSave } from '../../stores/saves.ts';

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The finished game a challenge names, as the end screen's game session describes it (among
 * its other fields): how it was played, its save key, and a community game's uid or a day's date.
 */
export interface ChallengedGame {
  mode: 'today' | 'archive' | 'community';
  /** The save key: the date, or `community/{uid}`. */
  key: string;
  uid?: string | undefined;
  date?: string | undefined;
}

/** The save key of the game a challenge names. */
export const challengeSaveKey = (challenge: ChallengePreview): string =>
  challenge.gameUid ? communityKey(challenge.gameUid) : (challenge.date ?? '');

/**
 * Makes sure this browser's finished game of `key` is stored on the server: a pending
 * submission is sent now; a finished past day (the archive submits nothing) is stored for
 * challenges. Resolves false when there is no finished game to store.
 */
export async function storeOwnResult(key: string): Promise<boolean> {
  await sendOne(key);
  const save = loadSave(key);
  if (!save?.gameOver) return false;
  if (DATE_KEY.test(key) && !save.submitted && !save.submission) {
    await post<ArchiveResult>('/api/challenges/archive-results', { userKey: userKey(), date: key, actions: save.actions });
  }
  return true;
}

/** A challenge link to the finished game on screen. */
export async function createChallenge(meta: ChallengedGame): Promise<ChallengeCreated> {
  await storeOwnResult(meta.key);
  const target = meta.mode === 'community' && meta.uid ? { gameUid: meta.uid } : { date: meta.date ?? meta.key };
  return post<ChallengeCreated>('/api/challenges', { userKey: userKey(), ...target });
}

export const fetchChallenge = (id: string, signal?: AbortSignal) =>
  getAsPlayer<ChallengePreview>(`/api/challenges/${encodeURIComponent(id)}`, userKey(), signal);

/** Both results, or null while this player's own result is not stored (409 `notPlayed`). */
export async function fetchComparison(id: string, signal?: AbortSignal): Promise<ChallengeComparison | null> {
  try {
    return await getAsPlayer<ChallengeComparison>(`/api/challenges/${encodeURIComponent(id)}/comparison`, userKey(), signal);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'notPlayed') return null;
    throw error;
  }
}

const PENDING_PREFIX = 'lavalist:challenge:';

/** Remembers that the game `key` is played for challenge `id` (its end screen links back). */
export function rememberChallenge(key: string, id: string): void {
  try {
    sessionStorage.setItem(PENDING_PREFIX + key, id);
  } catch {
    // Storage refused (private mode): the player can open the link again.
  }
}

export function challengeFor(key: string): string | null {
  try {
    return sessionStorage.getItem(PENDING_PREFIX + key);
  } catch {
    return null;
  }
}
