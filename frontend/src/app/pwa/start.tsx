/**
 * The installable, offline and update machinery, loaded after the page (main.ts): none of it
 * is needed for the first guess. The update banner gets its own small React root above the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { allSaves } from '../../stores/saves.ts';
import { setRunningEntry } from './build.ts';
import { offlineGameUrls } from './offline.ts';
import { registerServiceWorker } from './serviceWorker.ts';
import { UpdateBanner } from './UpdateBanner.tsx';
import { watchForUpdates } from './updates.ts';

/**
 * @param entryUrl the entry module's `import.meta.url`, which names the running build
 * @param today today's date from the core
 */
export function startPwa(entryUrl: string, today: Promise<string>): void {
  setRunningEntry(entryUrl);
  // The banner's root is made when there is something to show: no render work at start.
  watchForUpdates(() => {
    const banner = document.createElement('div');
    document.body.prepend(banner);
    createRoot(banner).render(
      <StrictMode>
        <UpdateBanner />
      </StrictMode>,
    );
  });
  void registerServiceWorker(async () => offlineGameUrls(await today, allSaves()));
}
