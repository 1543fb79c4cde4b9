/**
 * Results waiting for the server. A finished game's save carries its `submission` until the
 * server has it: sending is retried at start-up, whenever the browser comes back online and on
 * a slow timer, so a result made offline is never lost. It is never counted twice either: one
 * send per save at a time here, and the server stores one result per (game, userKey), answering
 * an identical repeat with 200.
 */
import { ApiError } from '../lib/apiClient.ts';
import { submitResult } from '../api/games.ts';
import { allSaves, loadSave, writeSave } from './saves.ts';
import { rememberShareParam } from './shareParams.ts';

type Listener = (key: string) => void;
const listeners = new Set<Listener>();
const inFlight = new Set<string>();

/** Called with a save's key after its result reached the server (or was refused for good). */
export function onSubmitted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pendingKeys(): string[] {
  return allSaves()
    .filter(([, s]) => s.submission && !s.submitted && !s.submitError)
    .map(([k]) => k);
}

/** Sends one save's result; resolves once it is settled or left for a later retry. */
export async function sendOne(key: string): Promise<void> {
  if (inFlight.has(key)) return;
  const save = loadSave(key);
  if (!save?.submission || save.submitted || save.submitError) return;
  inFlight.add(key);
  try {
    const stored = await submitResult(save.submission);
    if (stored.shareParam) rememberShareParam(key, stored.shareParam);
    settle(key, null);
  } catch (error) {
    if (error instanceof ApiError && !error.retryable) {
      // 409: a different result for this game is already stored for this player; 400: the
      // day is over or the result was refused. Retrying cannot change either.
      settle(key, error.code === 'resultConflict' || error.code === 'conflict' ? null : error.message);
    }
  } finally {
    inFlight.delete(key);
  }
}

function settle(key: string, refusal: string | null): void {
  const save = loadSave(key);
  if (!save) return;
  writeSave(key, { ...save, submitted: refusal === null, submission: null, submitError: refusal });
  for (const listener of listeners) listener(key);
}

export async function flushOutbox(): Promise<void> {
  await Promise.all(pendingKeys().map(sendOne));
}

const RETRY_MS = 30_000;

/** Starts the retry triggers once per page; returns a stop function (tests, hot reload). */
export function startOutbox(): () => void {
  const flush = () => void flushOutbox();
  window.addEventListener('online', flush);
  const timer = window.setInterval(() => {
    if (navigator.onLine) flush();
  }, RETRY_MS);
  flush();
  return () => {
    window.removeEventListener('online', flush);
    window.clearInterval(timer);
  };
}
