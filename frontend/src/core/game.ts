/**
 * Typed access to the WASM `Game`: the rules live in game-core, this file only gives the shapes
 * wasm-bindgen returns as `any` their generated types and turns a server game into the core's
 * game definition.
 */
import type { Core } from './wasm.ts';
import type { ArchiveDateCheck, Game, GameDef, GameError, GameView, GuessResult, HintKind, HintResult, Rules } from '../api/generated/index.ts';

// The core's shapes, generated from game-core's Rust types (src/api/generated/index.ts).
export type {
  Action,
  ArchiveDateCheck,
  Correction,
  GameDef,
  GameError,
  GameView,
  GivenHint,
  GuessOutcome,
  GuessResult,
  HintKind,
  HintResult,
  HintValue,
  Item,
  Rules,
} from '../api/generated/index.ts';

/** What a refused action answers (`{error, message}`): the core's `GameError` and its text. */
export interface Refusal {
  error: GameError;
  message: string;
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
export function toGameDef(game: Game, as: 'daily' | 'community'): GameDef {
  return {
    prompt: game.prompt,
    type: as,
    date: as === 'daily' && game.date ? game.date : null,
    // The rules name a daily edition other than English in the share text.
    ...(as === 'daily' && game.edition && game.edition !== 'en' ? { edition: game.edition } : {}),
    items: game.items.map((it) => ({ id: it.id, name: it.name, altSpellings: it.altSpellings, rejectedSpellings: it.rejectedSpellings ?? [] })),
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

export function checkArchiveDate(core: Core, date: string, nowMs: number, admin: boolean): ArchiveDateCheck {
  return core.checkArchiveDate(date, nowMs, admin) as ArchiveDateCheck;
}

let rulesRead: Rules | undefined;

/** The core's rules; read once (they are constants of the loaded module). */
export function readRules(core: Core): Rules {
  rulesRead ??= core.rules() as Rules;
  return rulesRead;
}

/** The stats' `{itemId: fraction}` as the two arrays the core's `share` takes (empty: unknown). */
export function rateArrays(foundRates: Record<string, number> | null | undefined): [Uint32Array, Float64Array] {
  const entries = Object.entries(foundRates ?? {});
  return [Uint32Array.from(entries, ([id]) => Number(id)), Float64Array.from(entries, ([, rate]) => rate)];
}
