// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Game } from '../../api/generated/index.ts';
import { gameDef } from '../../test/fixtures.ts';
import { loadCoreSync } from '../../test/nodeCore.ts';
import { paintedIn } from '../../test/painted.ts';
import { adoptEarlyForm, EARLY_FORM_ID, holdEarlyBox, peekEarlyForm, playEarlyGuesses } from './earlyGuesses.ts';
import { EARLY_COUNTERS_ID, endIsland, startIsland } from './island.ts';
import { EMBEDDED_GAME_ID, readEmbeddedGame, takeEmbeddedGame } from './requests.ts';
import { useSession } from './stores/session.ts';

const core = loadCoreSync();


/** `/` as the server paints it for today, with index.html's inline script's part. */
function paintHome(today: string) {
  const def = gameDef(today);
  const game: Game = { prompt: def.prompt, submitter: 'tester', date: today, items: def.items } as Game;
  document.body.innerHTML = `<main>${paintedIn('en').guessBox}${paintedIn('en').counters}</main>
    <script type="application/json" id="${EMBEDDED_GAME_ID}">${JSON.stringify({ date: today, game })}</script>`;
  readEmbeddedGame();
  holdEarlyBox();
}

/** A guess made in the server's box: kept by index.html's listener, then seen by the island's. */
function guessEarly(text: string) {
  (window.lavalistEarlyGuesses ??= []).push(text);
  document.getElementById(EARLY_FORM_ID)?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

const counter = (id: string) => document.querySelector(`[data-testid=count-${id}]`)?.textContent;
const hidden = () => document.getElementById(EARLY_COUNTERS_ID)?.classList.contains('invisible');

let today = '';
beforeEach(() => {
  localStorage.clear();
  window.lavalistEarlyGuesses = [];
  today = core.todayNewYork(Date.now());
  paintHome(today);
});

afterEach(() => {
  endIsland();
  useSession.getState().stop();
  takeEmbeddedGame(today);
  document.body.innerHTML = '';
  delete window.lavalistEarlyGuesses;
});

describe("today's game in the server's page", () => {
  it('shows the counters once the core is in, and counts each guess made in the box', () => {
    expect(hidden()).toBe(true);
    startIsland(core);
    expect(hidden()).toBe(false);
    expect([counter('correct'), counter('wrong'), counter('score')]).toEqual(['0/10', '0/8', '0']);
    guessEarly('zzzz');
    expect(counter('wrong')).toBe('1/8');
    guessEarly('Neptun');
    expect(counter('correct')).toBe('1/10');
    expect(Number(counter('score'))).toBeGreaterThan(0);
  });

  it('plays the guesses made before the core was in, on top of the saved game', () => {
    useSession.getState().start(core, gameDef(today), { mode: 'today', key: today, date: today, prompt: '', submitter: '' }, today);
    useSession.getState().guess('Venus');
    useSession.getState().stop();
    window.lavalistEarlyGuesses = ['Mars', 'zzzz'];
    startIsland(core);
    expect([counter('correct'), counter('wrong')]).toEqual(['2/10', '1/8']);
  });

  it("keeps the text typed after a guess the app plays late, when the app's box has it already", () => {
    // A guess made in the server's box after today's game started, then text typed there, which
    // the app's box takes over before GameScreen plays that guess.
    const meta = { mode: 'today', key: today, date: today, prompt: '', submitter: '' } as const;
    useSession.getState().start(core, gameDef(today), meta, today);
    playEarlyGuesses();
    guessEarly('zzzz');
    const form = peekEarlyForm();
    if (!form) throw new Error('no server form');
    adoptEarlyForm(form);
    useSession.getState().setInput('yyyy');
    playEarlyGuesses();
    expect(useSession.getState().view?.wrong).toBe(1);
    expect(useSession.getState().inputValue).toBe('yyyy');
  });

  it('steps aside at a guess in another script and once the app has the box', () => {
    startIsland(core);
    guessEarly('Москва');
    guessEarly('zzzz');
    expect(counter('wrong')).toBe('0/8');

    endIsland();
    paintHome(today);
    startIsland(core);
    const form = peekEarlyForm();
    if (!form) throw new Error('no server form');
    adoptEarlyForm(form);
    window.lavalistEarlyGuesses?.push('zzzz');
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(counter('wrong')).toBe('0/8');
  });

  it('does nothing on a page without the counters or without today’s game', () => {
    document.getElementById(EARLY_COUNTERS_ID)?.remove();
    startIsland(core);
    guessEarly('zzzz');
    expect(counter('wrong')).toBeUndefined();
  });
});
