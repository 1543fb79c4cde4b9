/**
 * Fetches lazy chunks a second after mount: kept out of the first download, they still open at
 * once when asked for, and offline too (a chunk never fetched cannot load with the network cut).
 */
import { lazy, useEffect, type ComponentType } from 'react';
import { loadMoreMessages } from './i18n.ts';

export type ChunkLoader = () => Promise<unknown>;

/** @param loaders a module-level array (the effect runs once) */
export function useWarmUp(loaders: readonly ChunkLoader[]): void {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      for (const load of loaders) load().catch(() => undefined);
    }, 1000);
    return () => {
      window.clearTimeout(timer);
    };
  }, [loaders]);
}

/**
 * A lazy component that renders at once once its chunk is here: a plain `lazy()` one suspends on
 * its first render even then, and React shows a boundary's content no sooner than 300 ms after
 * its fallback (a menu opened with Enter would not have its items for a second Enter). `warm`
 * fetches the chunk (for useWarmUp); render `<x.Component>` inside <Suspense>.
 */
export function lazyNow<P extends object>(load: () => Promise<ComponentType<P>>): { warm: ChunkLoader; readonly Component: ComponentType<P> } {
  let loaded: ComponentType<P> | null = null;
  const warm = () =>
    Promise.all([load(), loadMoreMessages()]).then(([component]) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => warm().then((component) => ({ default: component })));
  return {
    warm,
    get Component() {
      return loaded ?? Lazy;
    },
  };
}
