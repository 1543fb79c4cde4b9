/**
 * Notices a new deploy while a tab is open, so the player can reload into it when they choose.
 *
 * Until then the tab keeps running its own build: its hashed assets never change, and the
 * service worker keeps every chunk of it (see ./offline.ts), so old and new code never mix.
 * Checked when the tab comes back to the foreground, when the network returns, every ten
 * minutes, and when a lazy chunk fails to load (its build may have been replaced).
 */
import { useSyncExternalStore } from 'react';
import { isNewBuild, servedBuild } from './build.ts';

const CHECK_EVERY_MS = 10 * 60 * 1000;

let available = false;
let firstNoticed: (() => void) | undefined;
const listeners = new Set<() => void>();

function markAvailable(): void {
  if (available) return;
  available = true;
  firstNoticed?.();
  listeners.forEach((l) => {
    l();
  });
}

export async function checkForUpdate(): Promise<void> {
  if (isNewBuild(await servedBuild())) markAvailable();
}

/**
 * Starts watching; `onFirst` runs when an update is first noticed (before the store says so).
 * Returns the function that stops.
 */
export function watchForUpdates(onFirst: () => void): () => void {
  firstNoticed = onFirst;
  const check = () => void checkForUpdate();
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  // Vite fires this when a dynamic import or its preloads fail: a deploy may have removed the
  // chunk, or the network is down (then build.json cannot be read either, and nothing shows).
  const onChunkError = check;
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', check);
  window.addEventListener('online', check);
  window.addEventListener('vite:preloadError', onChunkError);
  const timer = window.setInterval(check, CHECK_EVERY_MS);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', check);
    window.removeEventListener('online', check);
    window.removeEventListener('vite:preloadError', onChunkError);
    window.clearInterval(timer);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useUpdateAvailable = (): boolean => useSyncExternalStore(subscribe, () => available);
