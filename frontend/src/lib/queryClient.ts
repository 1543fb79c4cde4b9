/**
 * TanStack Query with the spec's policy (§7): the retries of ./retryPolicy.ts, unused cache
 * dropped after 5 minutes. It is not in the first download: the screens that use it load it with
 * themselves (./lazyWithQueries.tsx), and today's game on `/` does without it.
 */
import { QueryClient } from '@tanstack/react-query';
import { FIVE_MINUTES } from './cacheTimes.ts';
import { retryDelay, shouldRetry } from './retryPolicy.ts';

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

let app: QueryClient | undefined;

/** The app's one client, made when the first screen that needs it loads. */
export function appQueryClient(): QueryClient {
  app ??= makeQueryClient();
  return app;
}
