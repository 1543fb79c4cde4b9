/**
 * Typed access to the WASM `Game`: the rules live in game-core, this file only names the shapes
 * wasm-bindgen returns as `any` and turns a server game into the core's game definition.
 */
import type { Core } from './wasm.ts';
import type { ApiGame } from '../api/types.ts';

export type Action = { guess: string } | { hint: HintKind } | { giveUp: true };
export type HintKind = 'firstLetter' | 'length';
export type GuessOutcome = 'correct' | 'wrong' | 'correctAgain' | 'wrongAgain';

export interface Item {
  id: number;
  name: string;
  altSpellings: string[];
}

export interface GameDef {
  prompt: string;
  type: 'daily' | 'community';
  date?: string;
  items: Item[];
}

export interface GivenHint {
  itemId: number;
  value: string | number;
}

/** `GameView` of game-core (camelCase). */
export interface GameView {
  correct: number;
  wrong: number;
  wrongGuesses: string[];
  hintsUsed: number;
  score: number;
  gameOver: boolean;
  won: boolean;
  display: number[];
  found: number[];
  firstLetterHints: GivenHint[];
  lengthHints: GivenHint[];
  hintEnabled: boolean;
  firstLetterAvailable: boolean;
  lengthAvailable: boolean;
  actions: Action[];
}

export interface Refusal {
  error: 'emptyGuess' | 'gameOver' | 'noHintsLeft' | 'noMoreHintsOfType';
  message: string;
}

export interface GuessResult {
  outcome: GuessOutcome;
  itemId: number | null;
  description: string | null;
}

export interface HintResult {
  itemId: number;
  kind: HintKind;
  value: string | number;
}

export type GameHandle = InstanceType<Core['Game']>;

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/**
 * The core's definition of a server game. A game opened by date plays as a day (share text
 * `Day N - …`) even when it started life as a community game; one opened by uid plays as
 * community.
 */
export function toGameDef(game: ApiGame, as: 'daily' | 'community'): GameDef {
  return {
    prompt: game.prompt,
    type: as,
    ...(as === 'daily' && game.date ? { date: game.date } : {}),
    items: game.items.map((it) => ({ id: it.id, name: it.name, altSpellings: it.altSpellings })),
  };
}

export const readView = (game: GameHandle): GameView => game.view() as GameView;

export function guess(game: GameHandle, text: string): GuessResult | Refusal {
  return game.guess(text) as GuessResult | Refusal;
}

export function hint(game: GameHandle, kind: HintKind): HintResult | Refusal {
  return game.hint(kind) as HintResult | Refusal;
}

export function giveUp(game: GameHandle): Refusal | null {
  return game.giveUp() as Refusal | null;
}

export interface ArchiveCheck {
  valid: boolean;
  playable: boolean;
}

export function checkArchiveDate(core: Core, date: string, nowMs: number, admin: boolean): ArchiveCheck {
  return core.checkArchiveDate(date, nowMs, admin) as ArchiveCheck;
}

/** Every constant of the rules (game-core's `rules()`): the UI shows these, never its own copies. */
export interface Rules {
  itemsPerGame: number;
  maxWrong: number;
  maxHints: number;
  maxPromptChars: number;
  maxNameChars: number;
  maxSpellingChars: number;
  maxSpellingsPerItem: number;
  scoreBuckets: number;
  graceMinutes: number;
  hintPenalty: number;
  wrongPenalty: number;
  pointsPerItem: number;
}

let rulesRead: Rules | undefined;

/** The core's rules; read once (they are constants of the loaded module). */
export function readRules(core: Core): Rules {
  rulesRead ??= core.rules() as Rules;
  return rulesRead;
}
