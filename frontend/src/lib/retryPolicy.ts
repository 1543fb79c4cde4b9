/** The spec's retry policy for reads (§7): 3 retries, back-off 1 s doubling to 30 s. */
import { ApiError } from './apiClient.ts';

export const MAX_RETRIES = 3;

/** 1 s, 2 s, 4 s … capped at 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** Retries what may heal (network, 5xx, 429); a 404 or 400 will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return !(error instanceof ApiError) || error.retryable;
}
