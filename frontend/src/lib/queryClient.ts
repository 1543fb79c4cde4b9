/** TanStack Query with the spec's policy (§7): 3 retries, back-off 1 s doubling to 30 s, unused cache dropped after 5 minutes. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiClient.ts';
import { FIVE_MINUTES } from './cacheTimes.ts';

const MAX_RETRIES = 3;

/** 1 s, 2 s, 4 s … capped at 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** Retries what may heal (network, 5xx, 429); a 404 or 400 will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return !(error instanceof ApiError) || error.retryable;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
      },
    },
  });
}
