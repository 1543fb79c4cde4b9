/**
 * The form rules (spellings, validation) for the create and edit pages, from the play module of
 * every script (a game's names may be in any script). Imported only by those pages, so this
 * module and its glue ship in their lazy chunks rather than the first download.
 */
import { splitSpellings as wasmSplitSpellings, validateGame as wasmValidateGame } from '../wasm/game-scripts/game_scripts.js';
import type { FieldError, GameForm } from '../api/generated/index.ts';

export const formCore = { splitSpellings: wasmSplitSpellings, validateGame: wasmValidateGame };

/** The form calls (the whole module, as the tests load it, has them too). */
export type FormCore = typeof formCore;

// The form's shapes, generated from game-core's Rust types (src/api/generated/index.ts).
export type { FieldError, FormErrorCode, FormItem, GameForm } from '../api/generated/index.ts';

/** Alternative spellings from a comma-separated field: trimmed, empties dropped. */
export const splitSpellings = (core: FormCore, text: string): string[] => core.splitSpellings(text) as string[];

/** Every problem with a form (the checks the server runs, less profanity); empty when valid. */
export const validateGame = (core: FormCore, form: GameForm): FieldError[] => core.validateGame(form) as FieldError[];
