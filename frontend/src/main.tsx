import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import App from './app/App.tsx';
import { loadCore, type Core } from './core/wasm.ts';
import { embeddedGame, prefetchGameByDate, readEmbeddedGame, servesEdition } from './features/game/requests.ts';
import { useEdition } from './lib/edition.ts';
import { holdEarlyBox } from './features/game/earlyGuesses.ts';
import { startEmbeddedToday } from './features/game/routes/Home.tsx';
import { installHistoryGuard } from './lib/historyGuard.ts';
import { activateLocale, loadMoreMessages } from './lib/i18n.ts';
import { detectLocale, mirrorLocale } from './lib/locale.ts';
import { userKey } from './lib/storage.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The WASM core (preloaded by index.html) compiles while React starts. On `/` the server put
// today's game in the page; when it did not (or the page is another day's, kept offline), today's
// game is asked for as soon as the core names the date, before the first render asks for it.
const today = loadCore().then((core) => core.todayNewYork(Date.now()));
if (window.location.pathname === '/') {
  const embedded = readEmbeddedGame();
  const edition = useEdition.getState().edition;
  void today.then((date) => {
    const held = date === embedded ? embeddedGame(date) : undefined;
    if (!held || !servesEdition(held, edition)) prefetchGameByDate(date, edition);
  }, () => undefined);
}

// The interface's language (lib/locale.ts): its first-screen messages load alongside the core
// (English ones are in this file already), the rest once the first screen is up.
// The server painted this page in the same language, from the cookie mirrorLocale keeps.
const messages = activateLocale(detectLocale()).catch((error: unknown) => {
  console.error('the messages of the chosen language could not load', error);
});
mirrorLocale();

// Today's game judged in the server's page while the app starts (features/game/island.ts), as
// soon as the core and the messages are in. The first render waits for it: that render takes
// today's game over from the page, so an island started after it found no game to play (it
// never ran before 2026-11-28). Its own small chunk: the page works without it.
const island =
  window.location.pathname === '/'
    ? Promise.all([loadCore(), import('./features/game/island.ts'), messages]).then(
        ([core, island]) => {
          try {
            island.startIsland(core);
          } catch (error) {
            console.error("the server's guess box could not be played before the app", error);
          }
        },
        () => undefined,
      )
    : undefined;

// The anonymous player id exists from the first visit (spec §3: generated if absent).
userKey();

// Offline play, the update banner (app/pwa/): after the page has loaded, and in production
// builds only, so that the dev server never serves stale modules.
if (import.meta.env.PROD) {
  const entryUrl = import.meta.url;
  const startPwa = () => void import('./app/pwa/start.tsx').then((pwa) => {
    pwa.startPwa(entryUrl, today);
  });
  // Two seconds after the load event: the service worker's install fetches and stores every
  // asset (megabytes), which on a 2-core machine delayed a first guess by about 60 ms.
  const later = () => setTimeout(startPwa, 2000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

// Before the router renders, so its listener runs first (see lib/historyGuard.ts).
installHistoryGuard();

// Rendered once the core has settled (index.html paints the same shell meanwhile): the first
// render then has the core at hand instead of suspending on it (see core/wasm.ts). A core that
// failed to load renders too, for App's error screen.
const render = (core?: Core) => {
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
};
void Promise.all([loadCore(), messages, island]).then(
  ([core]) => core,
  () => undefined,
).then((core) => {
  render(core);
  // A second later, as lib/warmUp.ts fetches the other screens (which ask for these messages
  // themselves when opened sooner): fetched and evaluated at once, they took the CPU a player's
  // first guess needs.
  setTimeout(() => {
    loadMoreMessages().catch((error: unknown) => {
      console.error('the messages of the other screens could not load', error);
    });
  }, 1000);
});
