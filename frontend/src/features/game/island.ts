/**
 * Today's game judged in the server's page before the app has rendered it. On `/` the server
 * paints the guess box and the counters (server/src/web/spa/home.rs); index.html's inline script
 * keeps what is guessed there (./earlyGuesses.ts). As soon as the WASM core is in, this plays
 * those guesses, and every guess made there after, through the core on a game of its own and
 * shows the counters as they stand, before the app's first render: a player who guesses at once
 * sees the guess counted without waiting for it. That render waits for the player to pause
 * (`whenPlayerPauses`), so that it does not hold up the keys of a guess being typed.
 *
 * It only shows: the app's session starts today's game from the same save and plays the same
 * guesses when it takes the page over (./routes/Home.tsx), and the counters it draws replace
 * these. It steps aside whenever the app would do more than the Latin module can (a game or a
 * guess in another script) and once the app has taken the guess box over (components/GuessForm.tsx).
 */
import type { Core } from '../../core/wasm.ts';
import { guess, readRules, readView, toGameDef, type GameHandle, type GameView } from '../../core/game.ts';
import { gameTexts, needsOtherCore } from '../../core/scriptsCore.ts';
import { activeLocale, t } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { EARLY_FORM_ID, whenEarlyFormAdopted } from './earlyGuesses.ts';
import { embeddedGame, servesEdition } from '../../api/games.ts';
import { dailyKey, ENGLISH, useEdition } from '../../lib/edition.ts';
import { loadSave, restoreGame, shouldRestore } from '../../stores/saves.ts';
import { savedTexts } from './stores/session.ts';

/** The id of the server's counters (server/src/web/spa/home.rs, `counters`). */
export const EARLY_COUNTERS_ID = 'early-counters';

let stopIsland: (() => void) | null = null;

/** Starts judging the server's box when the page has it and today's game (main.ts). */
export function startIsland(core: Core, doc: Document = document, win: Window = window): void {
  const found = doc.getElementById(EARLY_COUNTERS_ID);
  const today = core.todayNewYork(Date.now());
  const game = embeddedGame(today);
  if (!found || !doc.getElementById(EARLY_FORM_ID) || !game || game.prompt === core.placeholderPrompt()) return;
  // The page's game is the one the app plays only when it is this device's edition's (or
  // English standing in for it): routes/Home.tsx saves it under the same key.
  if (!servesEdition(game, useEdition.getState().edition)) return;
  const counters: HTMLElement = found;
  const key = dailyKey(today, game.edition ?? ENGLISH);
  const def = toGameDef({ ...game, date: today }, 'daily');
  if (needsOtherCore(core, [...gameTexts(def), ...savedTexts(key)])) return;
  const save = loadSave(key);
  let handle: GameHandle | null = restoreGame(core, def, save && shouldRestore(key, today) ? save : null);
  let played = 0;

  const stop = () => {
    doc.removeEventListener('submit', judge);
    handle?.free();
    handle = null;
    stopIsland = null;
  };
  // After index.html's listener has kept the guess (it was added first).
  function judge(): void {
    if (!handle || !doc.getElementById(EARLY_FORM_ID)) {
      stop();
      return;
    }
    const guesses = win.lavalistEarlyGuesses ?? [];
    for (; played < guesses.length; played++) {
      const text = guesses[played] ?? '';
      // In order or not at all: the app plays a guess in another script with its other module.
      if (readView(handle).gameOver || core.needsScripts(text)) {
        stop();
        return;
      }
      guess(handle, text);
    }
    show(counters, readView(handle), core);
  }
  doc.addEventListener('submit', judge);
  stopIsland = stop;
  whenEarlyFormAdopted(stop);
  judge();
}

/** How long the server's box must be left alone before the app takes the page over. */
export const QUIET_MS = 250;

/**
 * Resolves when the app may take the page over (main.ts) without holding up a player who is
 * typing a guess in the server's box: at once when the island is not judging that box (no box,
 * no game of today's, or one it leaves to the app); else as soon as a guess is made there (after
 * the island has counted it), or once the box has been left alone for `QUIET_MS` (focusing it,
 * typing and keys start the wait again), and at the latest `latestMs` after the call. The app's
 * first render is a long task: a player's keys wait behind it.
 */
export function whenPlayerPauses(latestMs = 2000, doc: Document = document): Promise<void> {
  const found = doc.getElementById(EARLY_FORM_ID);
  if (!found || !stopIsland) return Promise.resolve();
  const form: HTMLElement = found;
  return new Promise((resolve) => {
    const activity = ['focusin', 'input', 'keydown', 'compositionupdate'];
    let quiet = setTimeout(done, QUIET_MS);
    const latest = setTimeout(done, latestMs);
    function done(): void {
      clearTimeout(quiet);
      clearTimeout(latest);
      for (const type of activity) form.removeEventListener(type, wait);
      doc.removeEventListener('submit', guessed);
      resolve();
    }
    function wait(): void {
      clearTimeout(quiet);
      quiet = setTimeout(done, QUIET_MS);
    }
    // In a task of its own: the island's listener counts the guess first.
    function guessed(): void {
      clearTimeout(quiet);
      quiet = setTimeout(done, 0);
    }
    for (const type of activity) form.addEventListener(type, wait);
    doc.addEventListener('submit', guessed);
  });
}

/** Stops judging (tests; the app's guess box stops it through ./earlyGuesses.ts). */
export function endIsland(): void {
  stopIsland?.();
}

/** The counters as `<Counters>` writes them (components/Counters.tsx). */
function show(counters: HTMLElement, view: GameView, core: Core): void {
  const rules = readRules(core);
  const locale = activeLocale();
  const values: [string, string][] = [
    ['correct', t('game.counter.fraction', { n: formatNumber(view.correct, locale), of: formatNumber(rules.itemsPerGame, locale) })],
    ['wrong', t('game.counter.fraction', { n: formatNumber(view.wrong, locale), of: formatNumber(rules.maxWrong, locale) })],
    ['score', formatNumber(view.score, locale)],
  ];
  for (const [id, value] of values) {
    const cell = counters.querySelector(`[data-testid=count-${id}]`);
    if (cell && cell.textContent !== value) cell.textContent = value;
  }
  counters.classList.remove('invisible');
}
