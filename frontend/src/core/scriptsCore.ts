/**
 * The play module of every script (`./scriptsModule.ts`): loaded once, on first need, when a
 * game's names, its saved log or a guess have text the play module does not fold
 * (`needsScripts`; game-core's `normalise`). The game screen picks the module for a game
 * (`useCoreFor`), the session moves a game in play to it before such a guess.
 */
import type { Core } from './wasm.ts';

let loadingScripts: Promise<Core> | undefined;
let scriptsCore: Core | null = null;

/** The play module of every script, loaded once on first need. */
export function loadScriptsCore(): Promise<Core> {
  if (loadingScripts) return loadingScripts;
  const promise = import('./scriptsModule.ts').then(
    (module) => {
      // The same Rust exports as the play module's, generated twice.
      scriptsCore = module;
      return module;
    },
    (error: unknown) => {
      loadingScripts = undefined;
      throw error;
    },
  );
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    () => undefined,
  );
  loadingScripts = promise;
  return promise;
}

/** The module of every script when it is loaded already, else `null`. */
export const loadedScriptsCore = (): Core | null => scriptsCore;

/** The texts of a game the play module folds: its names and spellings. */
export function gameTexts(def: { items: { name: string; altSpellings: string[]; rejectedSpellings?: string[] | null }[] }): string[] {
  return def.items.flatMap((it) => [it.name, ...it.altSpellings, ...(it.rejectedSpellings ?? [])]);
}

/** The guesses of an action log. */
export const logTexts = (actions: readonly object[]): string[] =>
  actions.flatMap((a) => ('guess' in a && typeof a.guess === 'string' ? [a.guess] : []));

/** Whether `core` cannot play these texts (the Latin module and text of another script; the module of every script never says so). */
export const needsOtherCore = (core: Core, texts: string[]): boolean => texts.some((t) => core.needsScripts(t));
