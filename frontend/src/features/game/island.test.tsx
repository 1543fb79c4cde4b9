// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Game } from '../../api/generated/index.ts';
import { gameDef } from '../../test/fixtures.ts';
import { loadCoreSync } from '../../test/nodeCore.ts';
import { paintedIn } from '../../test/painted.ts';
import { adoptEarlyForm, EARLY_FORM_ID, holdEarlyBox, peekEarlyForm, playEarlyGuesses } from './earlyGuesses.ts';
import { EARLY_COUNTERS_ID, endIsland, QUIET_MS, startIsland, whenPlayerPauses } from './island.ts';
import { EMBEDDED_GAME_ID, readEmbeddedGame, takeEmbeddedGame } from '../../api/games.ts';
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

describe('the app taking the page over', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether `whenPlayerPauses()` has resolved after `ms` more milliseconds. */
  function pauses(latestMs?: number) {
    let done = false;
    void whenPlayerPauses(latestMs).then(() => {
      done = true;
    });
    return async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return done;
    };
  }
  const box = () => document.querySelector(`#${EARLY_FORM_ID} input`) as HTMLInputElement;

  it('waits for the box to be left alone while the player types in it', async () => {
    startIsland(core);
    const after = pauses();
    expect(await after(QUIET_MS - 50)).toBe(false);
    box().dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(await after(QUIET_MS - 50)).toBe(false);
    box().dispatchEvent(new Event('input', { bubbles: true }));
    expect(await after(QUIET_MS - 50)).toBe(false);
    expect(await after(50)).toBe(true);
  });

  it('goes ahead as soon as a guess is counted, and at the latest after its limit', async () => {
    startIsland(core);
    const afterGuess = pauses();
    box().dispatchEvent(new Event('input', { bubbles: true }));
    guessEarly('zzzz');
    expect(counter('wrong')).toBe('1/8');
    expect(await afterGuess(0)).toBe(true);

    const afterTyping = pauses(800);
    for (let i = 0; i < 6; i++) {
      box().dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }));
      expect(await afterTyping(QUIET_MS - 100)).toBe(i >= 5);
    }
  });

  it('does not wait when the island is not judging the box', async () => {
    expect(await pauses()(0)).toBe(true);
    document.getElementById(EARLY_COUNTERS_ID)?.remove();
    startIsland(core);
    expect(await pauses()(0)).toBe(true);
  });
});
