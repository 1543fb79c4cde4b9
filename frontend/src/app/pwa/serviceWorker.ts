/**
 * Registers public/sw.js and hands it what it should keep: what the page loaded before the
 * worker existed (the first visit), every chunk of this build (so that an open tab keeps
 * working, modals included, after a deploy removes them from the server), and the games of
 * ./offline.ts.
 */
import { isNewBuild, servedBuild } from './build.ts';
import { checkForUpdate } from './updates.ts';

async function precache(registration: ServiceWorkerRegistration, gameUrls: () => Promise<string[]>): Promise<void> {
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  const build = await servedBuild();
  // Another build is served already: its chunks are not this tab's, and the banner offers it.
  if (isNewBuild(build)) void checkForUpdate();
  const assets = build && !isNewBuild(build) ? build.assets : [];
  registration.active?.postMessage({ type: 'precache', urls: [...loaded, ...(await gameUrls())], build: assets });
}

export async function registerServiceWorker(gameUrls: () => Promise<string[]>): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js');
    await precache(await navigator.serviceWorker.ready, gameUrls);
  } catch (error) {
    console.warn('offline support is unavailable', error);
  }
}
