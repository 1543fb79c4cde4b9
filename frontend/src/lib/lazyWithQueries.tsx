/**
 * `lazy()` for a screen that reads the server through TanStack Query: the query client and its
 * provider load with the screen instead of in the first download (about 10 KB gzipped that
 * today's game does not need). Screens loaded inside such a screen are under its provider already.
 */
import { lazy, type ComponentType } from 'react';
import { loadMoreMessages } from './i18n.ts';

/** Fetches the provider's chunk ahead of need (useWarmUp), so that such a screen opens at once, offline too. */
export const loadQueryProvider = () => import('./QueryProvider.tsx');

export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Screen, { QueryProvider }] = await Promise.all([load(), loadQueryProvider(), loadMoreMessages()]);
    function WithQueries(props: P) {
      return (
        <QueryProvider>
          <Screen {...props} />
        </QueryProvider>
      );
    }
    return { default: WithQueries };
  });
}
