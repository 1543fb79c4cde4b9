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

// Today's game judged in the server's page while the app starts (features/game/island.ts):
// it runs as soon as both are in, before the first render when they come first.
// Its own small chunk, fetched alongside the core: the page works without it.
if (window.location.pathname === '/') {
  void Promise.all([loadCore(), import('./features/game/island.ts')]).then(
    ([core, island]) => {
      try {
        island.startIsland(core);
      } catch (error) {
        console.error("the server's guess box could not be played before the app", error);
      }
    },
    () => undefined,
  );
}

// The interface's language (lib/locale.ts): its first-screen messages load alongside the core
// (English ones are in this file already), the rest once the first screen is up.
// The server painted this page in the same language, from the cookie mirrorLocale keeps.
const messages = activateLocale(detectLocale()).catch((error: unknown) => {
  console.error('the messages of the chosen language could not load', error);
});
mirrorLocale();

// The anonymous player id exists from the first visit (spec §3: generated if absent).
userKey();

// Offline play, the update banner (app/pwa/): after the page has loaded, and in production
// builds only, so that the dev server never serves stale modules.
if (import.meta.env.PROD) {
  const entryUrl = import.meta.url;
  const startPwa = () => void import('./app/pwa/start.tsx').then((pwa) => {
    pwa.startPwa(entryUrl, today);
  });
  if (document.readyState === 'complete') startPwa();
  else window.addEventListener('load', startPwa, { once: true });
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
void Promise.all([loadCore(), messages]).then(
  ([core]) => core,
  () => undefined,
).then((core) => {
  render(core);
  loadMoreMessages().catch((error: unknown) => {
    console.error('the messages of the other screens could not load', error);
  });
});
