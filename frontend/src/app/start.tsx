/**
 * The app taking the page over: React's first render, once main.ts has the core, the messages
 * and, on `/`, a pause in the player's typing (see main.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';
import type { Core } from '../core/wasm.ts';
import { holdEarlyBox } from '../features/game/earlyGuesses.ts';
import { startEmbeddedToday } from '../features/game/routes/Home.tsx';
import { installHistoryGuard } from '../lib/historyGuard.ts';
import { loadMoreMessages } from '../lib/i18n.ts';

/** Renders the app into `root`. A core that failed to load (`undefined`) renders App's error screen. */
export function startApp(root: HTMLElement, core: Core | undefined): void {
  // Before the router renders, so its listener runs first (see lib/historyGuard.ts).
  installHistoryGuard();
  // The server's guess box, whose text today's game takes over (features/game/earlyGuesses.ts).
  holdEarlyBox();
  // Today's game on `/`, started with the guesses made in that box, so that the first render
  // shows it as it stands (features/game/routes/Home.tsx). Should that fail, GameScreen starts it.
  if (core) {
    try {
      startEmbeddedToday(core);
    } catch (error) {
      console.error("today's game could not start before the first render", error);
    }
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // A second later, as lib/warmUp.ts fetches the other screens (which ask for these messages
  // themselves when opened sooner): fetched and evaluated at once, they took the CPU a player's
  // first guess needs.
  setTimeout(() => {
    loadMoreMessages().catch((error: unknown) => {
      console.error('the messages of the other screens could not load', error);
    });
  }, 1000);
}
