/**
 * Per-game saves (spec §3 "Saved game state"), keyed by date for daily and archive games and by
 * `community/{uid}` for community games.
 *
 * The core's action log is the source of truth: a restore replays it through the WASM rules, so
 * a save can never hold a state the rules would not reach. The spec's other fields (gameOver,
 * wrongGuesses, items, hints, finalItems, submitted…) are written alongside so that listings and
 * the calendar can read a save without the game's items. Saves from before the action log
 * (version 1, the original client's shape) are migrated by rebuilding a log from those fields.
 */
import { readView, type Action, type GameDef, type GameHandle, type GameView, type HintKind } from '../core/game.ts';
import type { Core } from '../core/wasm.ts';
import type { Submission } from '../api/games.ts';
import { allKeys, readJson, writeJson } from '../lib/storage.ts';

export const SAVE_VERSION = 2;

export interface SavedItem {
  id: number;
  guessedCorrectly: boolean;
  name?: string;
}

export interface SavedGame {
  version: typeof SAVE_VERSION;
  prompt: string;
  submitter: string;
  date?: string;
  uid?: string;
  actions: Action[];
  gameOver: boolean;
  won: boolean;
  score: number;
  wrongGuesses: string[];
  /** Found items only, as the spec stores them. */
  items: SavedItem[];
  firstLetterHints: number[];
  lengthHints: number[];
  /** Every item with its name and whether it was found, once the game is over. */
  finalItems: SavedItem[] | null;
  submitted: boolean;
  /** The result waiting to reach the server (the outbox); null when none is due. */
  submission: Submission | null;
  /** Why the server refused the result for good (not retried). */
  submitError: string | null;
  inputValue: string;
}

/** A daily game's key: its date, after `{edition}/` for a daily edition other than English. */
const DATE_KEY = /^(?:[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\/)?\d{4}-\d{2}-\d{2}$/;
const COMMUNITY_PREFIX = 'community/';

export const dateKey = (date: string) => date;
export const communityKey = (uid: string) => `${COMMUNITY_PREFIX}${uid}`;

export function isSaveKey(key: string): boolean {
  return DATE_KEY.test(key) || (key.startsWith(COMMUNITY_PREFIX) && key.length > COMMUNITY_PREFIX.length);
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function isAction(value: unknown): value is Action {
  if (!isObj(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  if (typeof value.guess === 'string') return true;
  if (value.hint === 'firstLetter' || value.hint === 'length') return true;
  return value.giveUp === true;
}

/** Ids from `[1, 2]` or `[{itemId: 1}]` / `[{id: 1}]` (the original client's hint lists). */
function ids(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((v: unknown) => {
      if (typeof v === 'number') return v;
      if (isObj(v)) return typeof v.itemId === 'number' ? v.itemId : typeof v.id === 'number' ? v.id : NaN;
      return NaN;
    })
    .filter((n) => Number.isInteger(n));
}

function savedItems(value: unknown): SavedItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) =>
    isObj(v) && typeof v.id === 'number'
      ? [{ id: v.id, guessedCorrectly: v.guessedCorrectly === true, ...(typeof v.name === 'string' ? { name: v.name } : {}) }]
      : [],
  );
}

function submission(value: unknown): Submission | null {
  if (!isObj(value) || !Array.isArray(value.answers) || typeof value.userKey !== 'string') return null;
  if (typeof value.score !== 'number') return null;
  return value as unknown as Submission;
}

/**
 * Reads a save in any known version; anything unreadable is `null` (a fresh game), never a throw.
 * A version-1 save gets `actions: []` and `legacy` set: `restoreActions` rebuilds its log.
 */
export function parseSave(value: unknown): (SavedGame & { legacy?: boolean }) | null {
  if (!isObj(value)) return null;
  const hasLog = Array.isArray(value.actions) && value.actions.every(isAction);
  if (value.version === SAVE_VERSION && !hasLog) return null;
  return {
    version: SAVE_VERSION,
    prompt: str(value.prompt),
    submitter: str(value.submitter),
    ...(typeof value.date === 'string' ? { date: value.date } : {}),
    ...(typeof value.uid === 'string' ? { uid: value.uid } : {}),
    actions: hasLog ? (value.actions as Action[]) : [],
    gameOver: value.gameOver === true,
    won: value.won === true,
    score: typeof value.score === 'number' ? value.score : 0,
    wrongGuesses: strings(value.wrongGuesses),
    items: savedItems(value.items).filter((i) => i.guessedCorrectly),
    firstLetterHints: ids(value.firstLetterHints),
    lengthHints: ids(value.lengthHints),
    finalItems: Array.isArray(value.finalItems) ? savedItems(value.finalItems) : null,
    submitted: value.submitted === true,
    submission: submission(value.submission),
    submitError: typeof value.submitError === 'string' ? value.submitError : null,
    inputValue: str(value.inputValue),
    ...(hasLog ? {} : { legacy: true }),
  };
}

/**
 * The log to replay for a save. For a version-1 save: its hints, then its found items by name,
 * then its wrong guesses, then a give-up if it ended but the core, replaying that log, says
 * it has not (neither won nor lost). Hints go first because the core gives each hint to the
 * first item not yet found; the counts (and so the score) match the original even where the
 * order does not.
 */
export function restoreActions(save: SavedGame & { legacy?: boolean }, def: GameDef, core: Core): Action[] {
  if (!save.legacy) return save.actions;
  const hints = (kind: HintKind, n: number): Action[] => Array.from({ length: n }, () => ({ hint: kind }));
  const names = save.items.flatMap((it) => def.items.filter((d) => d.id === it.id).map((d) => ({ guess: d.name })));
  const log: Action[] = [
    ...hints('firstLetter', save.firstLetterHints.length),
    ...hints('length', save.lengthHints.length),
    ...names,
    ...save.wrongGuesses.map((g) => ({ guess: g })),
  ];
  if (save.gameOver && !endedByRules(core, def, log)) log.push({ giveUp: true });
  return log;
}

/** Whether the core's rules end the game with this log; a log they refuse ends nothing. */
function endedByRules(core: Core, def: GameDef, log: Action[]): boolean {
  try {
    const game = core.Game.replay(def, log);
    try {
      return readView(game).gameOver;
    } finally {
      game.free();
    }
  } catch {
    return false;
  }
}

export function loadSave(key: string): (SavedGame & { legacy?: boolean }) | null {
  return parseSave(readJson(key));
}

export function writeSave(key: string, save: SavedGame): void {
  writeJson(key, save);
}

/** The spec's fields derived from the core's view, for a save. */
export function saveFromView(
  view: GameView,
  def: GameDef,
  base: Pick<SavedGame, 'prompt' | 'submitter' | 'date' | 'uid' | 'submitted' | 'submission' | 'submitError' | 'inputValue'>,
): SavedGame {
  const found = new Set(view.found);
  return {
    version: SAVE_VERSION,
    ...base,
    actions: view.actions,
    gameOver: view.gameOver,
    won: view.won,
    score: view.score,
    wrongGuesses: view.wrongGuesses,
    items: view.found.map((id) => ({ id, guessedCorrectly: true })),
    firstLetterHints: view.firstLetterHints.map((h) => h.itemId),
    lengthHints: view.lengthHints.map((h) => h.itemId),
    finalItems: view.gameOver ? def.items.map((it) => ({ id: it.id, name: it.name, guessedCorrectly: found.has(it.id) })) : null,
  };
}

/** Every readable save, by key. */
export function allSaves(): [string, SavedGame][] {
  return allKeys()
    .filter(isSaveKey)
    .flatMap((key): [string, SavedGame][] => {
      const save = loadSave(key);
      return save ? [[key, save]] : [];
    });
}

/** Spec §4 Restore: only today's daily or a community game picks up where it was left. */
export function shouldRestore(key: string, today: string): boolean {
  // Today's daily in any edition (`2026-11-27`, `ja/2026-11-27`).
  return key.startsWith(COMMUNITY_PREFIX) || key.slice(key.lastIndexOf('/') + 1) === today;
}

/**
 * Replays a save's log; a log the rules refuse (corrupt or foreign save) starts fresh. A finished
 * game is regraded instead: an accepted dispute may have added a spelling since it was played,
 * and the core then leaves out what the player could no longer have done (after an earlier
 * win) and ends the game where they stopped; for an unchanged game it is the same replay.
 */
export function restoreGame(core: Core, def: GameDef, save: ReturnType<typeof loadSave>): GameHandle {
  if (save) {
    try {
      const actions = restoreActions(save, def, core);
      return save.gameOver ? core.Game.regrade(def, actions) : core.Game.replay(def, actions);
    } catch (error) {
      console.warn('saved game could not be replayed; starting fresh', error);
    }
  }
  return new core.Game(def);
}
