/**
 * Registers public/sw.js and hands it what it should keep: at once, what the page loaded before
 * the worker existed (the first visit: the shell, its assets, the game on screen); once the page
 * is idle, every other chunk of this build (so that an open tab keeps working, modals included,
 * after a deploy removes them from the server) and the games of ./offline.ts.
 */
import { isNewBuild, servedBuild } from './build.ts';
import { checkForUpdate } from './updates.ts';

/** Runs `task` when the browser is idle (at the latest after 3 s). */
function whenIdle(task: () => void): void {
  // Safari before 18 has no requestIdleCallback.
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
}

async function keepBuildAndGames(worker: ServiceWorker, gameUrls: () => Promise<string[]>): Promise<void> {
  const build = await servedBuild();
  // Another build is served already: its chunks are not this tab's, and the banner offers it.
  if (isNewBuild(build)) void checkForUpdate();
  const assets = build && !isNewBuild(build) ? build.assets : [];
  worker.postMessage({ type: 'precache', urls: await gameUrls(), build: assets });
}

export async function registerServiceWorker(gameUrls: () => Promise<string[]>): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js');
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker) return;
    worker.postMessage({ type: 'precache', urls: performance.getEntriesByType('resource').map((entry) => entry.name) });
    whenIdle(() => {
      keepBuildAndGames(worker, gameUrls).catch((error: unknown) => {
        console.warn('offline archive is unavailable', error);
      });
    });
  } catch (error) {
    console.warn('offline support is unavailable', error);
  }
}
