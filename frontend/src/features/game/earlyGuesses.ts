/**
 * Guesses made before the app runs. On `/` the server paints today's guess box into the page
 * (server/src/web/spa/home.rs, the form `#early-guess`), so a player can type and guess while the JS
 * and the WASM core load; index.html's inline script keeps each guess, in order, in
 * `window.lavalistEarlyGuesses` instead of letting the form submit. Today's game takes them once
 * it has started (routes/Home.tsx before the first render, else GameScreen.tsx) and plays them
 * through the core like any typed guess, and the text left in the box becomes the game's input.
 * Until then ./island.ts counts them in the server's counters; the app's first guess box then
 * takes the server's form over (components/GuessForm.tsx).
 */
import { reportGuess } from './components/guessFeedback.ts';
import { useSession } from './stores/session.ts';

declare global {
  interface Window {
    /** Set by index.html's inline script: the guesses made in the server's box, oldest first. */
    lavalistEarlyGuesses?: string[];
  }
}

/** The id of the server's form (server/src/web/spa/home.rs, `guess_box`). */
export const EARLY_FORM_ID = 'early-guess';

let box: HTMLInputElement | null = null;
let lastText = '';

/**
 * Keeps the server's guess box before the app's first render: its text is read from it once the
 * game starts, until the app's guess box takes it over.
 */
export function holdEarlyBox(doc: Document = document): void {
  const form = doc.getElementById(EARLY_FORM_ID);
  box = form?.querySelector('input') ?? null;
  lastText = '';
}

/**
 * The guesses made since the last call, and the box's text when it changed since then (else
 * `null`). The box is read until the app has replaced it: a player may still type between the
 * game's start before the first render and that render.
 */
export function takeEarlyGuesses(win: Window = window): { guesses: string[]; text: string | null } {
  const guesses = win.lavalistEarlyGuesses?.splice(0) ?? [];
  if (!box) return { guesses, text: null };
  const current = box.value;
  const text = current === lastText ? null : current;
  lastText = current;
  if (!box.isConnected) box = null;
  return { guesses, text };
}

/**
 * The server's form while no guess box has taken it over (components/GuessForm.tsx), else
 * `null`. Looking does not take it.
 */
export function peekEarlyForm(): HTMLFormElement | null {
  const form = box?.form;
  return form?.id === EARLY_FORM_ID ? form : null;
}

/**
 * Marks the server's form as the app's guess box: index.html's script no longer keeps its
 * guesses (it knows the form by its id), and its text is the game's input from now on.
 */
export function adoptEarlyForm(form: HTMLFormElement): void {
  form.removeAttribute('id');
  box = null;
  onAdopted?.();
  onAdopted = null;
}

let onAdopted: (() => void) | null = null;

/** Calls `stop` once a guess box has taken the server's form over (./island.ts stops then). */
export function whenEarlyFormAdopted(stop: () => void): void {
  onAdopted = stop;
}

/** Plays the guesses made so far in the started game, in order (the last one's result shows); keeps the box's text. */
export function playEarlyGuesses(): void {
  const { guesses, text } = takeEarlyGuesses();
  const session = useSession.getState();
  // A guess played clears the game's input, as one typed in the app's box does; these were made
  // in the server's box, which the page's script cleared, and what the box holds now (typed
  // after them, possibly already taken over by the app's box) is the input.
  const typed = text ?? session.inputValue;
  for (const guess of guesses) {
    const report = (result: Parameters<typeof reportGuess>[1]) => {
      reportGuess(guess, result);
    };
    // A guess in another script waits for its module; the rest then wait behind it, in order.
    const result = session.guess(guess, report);
    if (result) report(result);
  }
  session.setInput(typed);
}
