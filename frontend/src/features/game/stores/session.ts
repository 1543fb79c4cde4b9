/**
 * The game on screen: one WASM `Game` handle plus the view the UI renders. Every action goes
 * through the core, then the save is rewritten; at game over a result for the server is put in
 * the save's outbox (today's daily and community games only, spec §4 Submission).
 */
import { create } from 'zustand';
import type { Core } from '../../../core/wasm.ts';
import { gameTexts, loadedScriptsCore, loadScriptsCore, logTexts, needsOtherCore } from '../../../core/scriptsCore.ts';
import {
  giveUp as coreGiveUp,
  guess as coreGuess,
  hint as coreHint,
  isRefusal,
  readView,
  type GameDef,
  type GameHandle,
  type GameView,
  type GuessResult,
  type HintKind,
  type HintResult,
  type Refusal,
  rateArrays,
} from '../../../core/game.ts';
import type { Submission } from '../../../api/games.ts';
import { loadSave, restoreGame, saveFromView, shouldRestore, writeSave, type SavedGame } from '../../../stores/saves.ts';
import { onSubmitted, sendOne } from '../../../stores/outbox.ts';
import { KEYS, readString, userKey } from '../../../lib/storage.ts';
import { toast } from '../../../stores/toasts.ts';
import { useUser } from '../../../stores/user.ts';
import type { Action } from '../../../api/generated/index.ts';
import type { Outcome } from './sync.ts';
import { t } from '../../../lib/i18n.ts';

export type GameMode = 'today' | 'archive' | 'community';

export interface SessionMeta {
  mode: GameMode;
  /** The save key: the date, or `community/{uid}`. */
  key: string;
  prompt: string;
  submitter: string;
  date?: string;
  uid?: string;
  dayNumber?: number;
  /** A daily game's edition (its language); English when absent. */
  edition?: string;
}

interface SessionState {
  meta: SessionMeta | null;
  def: GameDef | null;
  view: GameView | null;
  submitted: boolean;
  submitError: string | null;
  /** True once the game ended while on screen (not when a finished game was reopened). */
  endedHere: boolean;
  /**
   * A replay of a past day that was already finished here (e.g. as that day's daily): played
   * fresh, but not saved over the finished result the calendar and listings show.
   */
  keepOldSave: boolean;
  inputValue: string;
  /**
   * Starts the game in `core`, or in the module of every script when its names need that one
   * and it is loaded; otherwise starts nothing (the game screen loads that module and starts it).
   */
  start: (core: Core, def: GameDef, meta: SessionMeta, today: string) => void;
  /**
   * A guess's result. A guess that needs the module of every script while it is still loading
   * (or that follows such a guess) returns `null` and is played once it has loaded, in order:
   * `later` then receives its result.
   */
  guess: (text: string, later?: (result: GuessResult | Refusal) => void) => GuessResult | Refusal | null;
  hint: (kind: HintKind) => HintResult | Refusal | null;
  giveUp: () => void;
  setInput: (value: string) => void;
  /** Frees the WASM game (route change). */
  stop: () => void;
}

let handle: GameHandle | null = null;
/** Guesses waiting for the module of every script, played in order once it has loaded. */
let waiting: Promise<void> | null = null;
let gameCore: Core | null = null;

/** The guesses of a game's save (its log's, and an old save's wrong guesses). */
export function savedTexts(key: string): string[] {
  const save = loadSave(key);
  return save ? [...logTexts(save.actions), ...save.wrongGuesses] : [];
}

/**
 * Moves the game in play to the module of every script (a guess in another script than the
 * Latin module folds): its log replays there, the same rules in both. False when that module
 * is not loaded yet.
 */
function moveToScripts(def: GameDef): boolean {
  const scripts = loadedScriptsCore();
  if (!scripts || !handle) return false;
  const next = scripts.Game.replay(def, readView(handle).actions);
  freeHandle();
  handle = next;
  gameCore = scripts;
  return true;
}

function freeHandle(): void {
  handle?.free();
  handle = null;
}

/** The `edition` a daily request names, left out for English (the server's default). */
function editionField(meta: SessionMeta): { edition?: string } {
  return meta.edition && meta.edition !== 'en' ? { edition: meta.edition } : {};
}

function submissionFor(meta: SessionMeta, def: GameDef, view: GameView): Submission | null {
  if (meta.mode === 'archive') return null;
  const found = new Set(view.found);
  return {
    answers: def.items.map((it) => ({ answerId: it.id, guessedCorrectly: found.has(it.id) })),
    userKey: userKey(),
    score: view.score,
    ...(meta.mode === 'community' && meta.uid ? { gameUid: meta.uid } : { date: meta.date ?? meta.key, ...editionField(meta) }),
    actions: view.actions,
  };
}

/** Whether a finished save's regrade changed its result (an accepted dispute). */
function regraded(save: SavedGame, view: GameView): boolean {
  return save.gameOver && (save.score !== view.score || save.won !== view.won || save.wrongGuesses.length !== view.wrongGuesses.length);
}

/** Writes a regraded result over its save; its submission state stays (the server regraded its copy). */
function rewriteSave(meta: SessionMeta, def: GameDef, view: GameView, save: SavedGame): void {
  writeSave(
    meta.key,
    saveFromView(view, def, {
      prompt: save.prompt,
      submitter: save.submitter,
      ...(save.date ? { date: save.date } : {}),
      ...(save.uid ? { uid: save.uid } : {}),
      submitted: save.submitted,
      submission: save.submission,
      submitError: save.submitError,
      inputValue: save.inputValue,
    }),
  );
}

/** A logged-in player's today or community game is kept on the server too (not archive replays). */
function syncs(meta: SessionMeta): boolean {
  return meta.mode !== 'archive' && Boolean(readString(KEYS.authToken));
}

export const useSession = create<SessionState>()((set, get) => {
  /** Sends the log to the server (loaded on first use) and continues from its answer. */
  function sync(delay?: number): void {
    const { meta } = get();
    if (!meta || !syncs(meta)) return;
    const target = meta.mode === 'community' ? { gameUid: meta.uid } : { date: meta.date ?? meta.key, ...editionField(meta) };
    const local = (): Action[] | null => (get().meta?.key === meta.key && handle ? readView(handle).actions : null);
    void import('./sync.ts').then((m) => {
      m.push(target, local, apply, delay);
    });
  }

  /** Continues from the server's log (another device's moves, or its finished game). */
  function apply(outcome: Outcome): void {
    const { def } = get();
    if (outcome.kind === 'keep' || !gameCore || !def) return;
    // Another device's guess in another script: its module first.
    if (needsOtherCore(gameCore, logTexts(outcome.actions))) {
      const scripts = loadedScriptsCore();
      if (!scripts) {
        loadScriptsCore().then(
          () => {
            apply(outcome);
          },
          (error: unknown) => {
            console.warn("the server's game needs the play module of every script, which did not load", error);
          },
        );
        return;
      }
      gameCore = scripts;
    }
    let next: GameHandle;
    try {
      next = gameCore.Game.replay(def, outcome.actions);
    } catch (error) {
      console.warn("the server's game could not be replayed", error);
      return;
    }
    freeHandle();
    handle = next;
    // Its result is already stored: nothing to submit, and no game-over moment on this device.
    if (outcome.kind === 'finished') set({ submitted: true, submitError: null, view: readView(handle) });
    commit();
    toast({ ...outcome.notice, title: t(outcome.notice.title) });
  }

  /**
   * Plays a guess in the module the game is in (moved to the module of every script first when
   * the guess needs it and it is loaded). A guess played late clears the box only if it still
   * holds that guess.
   */
  function guessNow(text: string, clear: boolean): GuessResult | Refusal | null {
    const { def } = get();
    if (!handle || !def) return null;
    if (gameCore && needsOtherCore(gameCore, [text]) && !moveToScripts(def)) return null;
    const result = coreGuess(handle, text);
    if (!isRefusal(result) && (clear || get().inputValue === text)) set({ inputValue: '' });
    commit();
    return result;
  }

  /** Re-reads the view after an action, writes the save and queues the result at game over. */
  function commit(): void {
    const { meta, def, submitted, submitError, inputValue, keepOldSave } = get();
    if (!handle || !meta || !def) return;
    const view = readView(handle);
    if (keepOldSave) {
      set({ view, endedHere: get().endedHere || (view.gameOver && !get().view?.gameOver) });
      return;
    }
    const before = loadSave(meta.key);
    const ending = view.gameOver && !get().view?.gameOver;
    const submission = view.gameOver && !submitted && !submitError ? (before?.submission ?? submissionFor(meta, def, view)) : null;
    const save: SavedGame = saveFromView(view, def, {
      prompt: meta.prompt,
      submitter: meta.submitter,
      ...(meta.date ? { date: meta.date } : {}),
      ...(meta.uid ? { uid: meta.uid } : {}),
      submitted,
      submission,
      submitError,
      inputValue,
    });
    writeSave(meta.key, save);
    set({ view, endedHere: get().endedHere || ending });
    if (submission) void sendOne(meta.key);
    else if (!view.gameOver) sync();
  }

  // Logging in on this screen: the game on it is the account's now, so the server's copy counts.
  useUser.subscribe((now, before) => {
    if (now.user && !before.user && handle && !get().view?.gameOver) sync(0);
  });

  onSubmitted((key) => {
    const { meta } = get();
    if (meta?.key !== key) return;
    const save = loadSave(key);
    set({ submitted: save?.submitted ?? false, submitError: save?.submitError ?? null });
  });

  return {
    meta: null,
    def: null,
    view: null,
    submitted: false,
    submitError: null,
    endedHere: false,
    keepOldSave: false,
    inputValue: '',
    start: (core, def, meta, today) => {
      const save = loadSave(meta.key);
      const resume = save && shouldRestore(meta.key, today) ? save : null;
      if (needsOtherCore(core, [...gameTexts(def), ...savedTexts(meta.key)])) {
        const scripts = loadedScriptsCore();
        if (!scripts) return;
        core = scripts;
      }
      freeHandle();
      gameCore = core;
      handle = restoreGame(core, def, resume);
      const view = readView(handle);
      if (resume && regraded(resume, view)) rewriteSave(meta, def, view, resume);
      // A restored game keeps its submission state; anything else starts unsubmitted.
      set({
        meta,
        def,
        submitted: resume?.submitted ?? false,
        submitError: resume?.submitError ?? null,
        endedHere: false,
        keepOldSave: Boolean(save?.gameOver && !resume),
        inputValue: resume?.inputValue ?? '',
        view,
      });
      // A game finished and submitted here has nothing to learn from another device.
      if (!(resume?.gameOver && resume.submitted)) sync(0);
    },
    guess: (text, later) => {
      if (!handle) return null;
      const { def } = get();
      if (waiting || (gameCore && def && needsOtherCore(gameCore, [text]) && !moveToScripts(def))) {
        // The game it was typed in: the player may have moved to another page meanwhile.
        const key = get().meta?.key;
        const next: Promise<void> = (waiting ?? loadScriptsCore()).then(
          () => {
            if (waiting === next) waiting = null;
            if (get().meta?.key !== key) return;
            const result = guessNow(text, false);
            if (result) later?.(result);
          },
          (error: unknown) => {
            if (waiting === next) waiting = null;
            console.warn('the play module of every script did not load', error);
            toast({ title: t('game.guess.uncheckable'), status: 'error' });
          },
        );
        waiting = next;
        return null;
      }
      return guessNow(text, true);
    },
    hint: (kind) => {
      if (!handle) return null;
      const result = coreHint(handle, kind);
      if (!isRefusal(result)) commit();
      return result;
    },
    giveUp: () => {
      if (!handle) return;
      if (!coreGiveUp(handle)) commit();
    },
    setInput: (inputValue) => {
      // A guess in another script is on its way: its module loads while the player types.
      if (gameCore && needsOtherCore(gameCore, [inputValue])) void loadScriptsCore().catch(() => undefined);
      set({ inputValue });
    },
    stop: () => {
      freeHandle();
      set({ meta: null, def: null, view: null, endedHere: false });
    },
  };
});

/**
 * The share text from the core; `url` is left out when the player turned it off, `foundRates`
 * (the stats' find rates) adds the rarest-find line once they are known, `words` are the
 * interface language's line templates (src/lib/share.ts, `shareWords`; none: the spec's English).
 */
export function shareText(url: string | undefined, foundRates?: Record<string, number>, words?: string): string {
  if (!handle) return '';
  const [ids, rates] = rateArrays(foundRates);
  return handle.share(url ?? null, ids, rates, words);
}

/** The lava height from the core (0–100). */
export function meter(archive: boolean): number {
  return handle ? handle.meter(archive) : 0;
}

/** The wrong guesses a player may dispute, as typed (the core's rule: no key mashes, none the creator refused). */
export function disputableGuesses(view: GameView): string[] {
  if (!handle) return [];
  return Array.from(handle.disputable(), (i) => view.wrongGuesses[i] ?? '');
}
