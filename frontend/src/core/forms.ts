/**
 * The play module's form rules (spellings, validation, the autofill merge), for the create and
 * edit pages. Imported only by them, so this glue ships in their lazy chunks rather than the
 * first download; call it once the module is loaded (those pages `useCore()` first).
 */
import { mergeAutofill as wasmMergeAutofill, splitSpellings as wasmSplitSpellings, validateGame as wasmValidateGame } from '../wasm/game/game_wasm.js';

export const formCore = { splitSpellings: wasmSplitSpellings, validateGame: wasmValidateGame, mergeAutofill: wasmMergeAutofill };

/** The form calls (the whole module, as the tests load it, has them too). */
export type FormCore = typeof formCore;

/** One item as the create and edit forms hold it (game-core's `FormItem`). */
export interface FormItem {
  name: string;
  altSpellings: string[];
}

/** A game as the create and edit forms send it (game-core's `GameForm`). */
export interface GameForm {
  prompt: string;
  items: FormItem[];
}

export type FormErrorCode = 'required' | 'tooLong' | 'itemCount' | 'unguessable' | 'duplicate' | 'tooManySpellings' | 'profanity';

/** A problem with one field: `prompt`, `items`, `items.{i}.name` or `items.{i}.altSpellings`. */
export interface FieldError {
  field: string;
  code: FormErrorCode;
  message: string;
}

/** Alternative spellings from a comma-separated field: trimmed, empties dropped. */
export const splitSpellings = (core: FormCore, text: string): string[] => core.splitSpellings(text) as string[];

/** Every problem with a form (the checks the server runs, less profanity); empty when valid. */
export const validateGame = (core: FormCore, form: GameForm): FieldError[] => core.validateGame(form) as FieldError[];

/** Autofill's answer merged into the form (matching and de-duplication by the core's `normalise`). */
export const mergeAutofill = (core: FormCore, form: GameForm, answer: GameForm): GameForm =>
  core.mergeAutofill(form, answer) as GameForm;
