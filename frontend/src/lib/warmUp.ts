/**
 * Fetches lazy chunks a second after mount: kept out of the first download, they still open at
 * once when asked for, and offline too (a chunk never fetched cannot load with the network cut).
 */
import { useEffect } from 'react';

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
