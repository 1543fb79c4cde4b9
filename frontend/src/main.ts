/**
 * The entry script: the WASM core and the interface's messages, today's game judged in the
 * server's page (features/game/island.ts), and the app (app/start.tsx) once those are in and the
 * player is not in the middle of typing a guess.
 */
import './index.css';
import { loadCore } from './core/wasm.ts';
import { embeddedGame, prefetchGameByDate, readEmbeddedGame, servesEdition } from './api/games.ts';
import { useEdition } from './lib/edition.ts';
import { activateLocale } from './lib/i18n.ts';
import { detectLocale, mirrorLocale } from './lib/locale.ts';
import { userKey } from './lib/storage.ts';
import { startApp } from './app/start.tsx';

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

// Today's game judged in the server's page while the app is not there yet
// (features/game/island.ts), as soon as the core and the messages are in. Its own small chunk:
// the page works without it.
const island =
  window.location.pathname === '/'
    ? Promise.all([loadCore(), import('./features/game/island.ts'), messages]).then(
        ([core, island]) => {
          try {
            island.startIsland(core);
          } catch (error) {
            console.error("the server's guess box could not be played before the app", error);
          }
          return island;
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

// The app, once the core has settled (the first render then has it at hand instead of suspending
// on it, see core/wasm.ts; a core that failed to load renders App's error screen) and, on `/`,
// the player pauses: the first render is a long task (100–150 ms on a 2-core machine, more on a
// phone) that would hold up the keys of a player typing a first guess in the server's box, which
// the island judges meanwhile.
void Promise.all([loadCore(), messages, island]).then(
  async ([core, , island]) => {
    await island?.whenPlayerPauses();
    return core;
  },
  () => undefined,
).then((core) => {
  startApp(root, core);
});
