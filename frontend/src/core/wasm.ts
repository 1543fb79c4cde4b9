/**
 * The one place the browser loads the play WASM module (`game-wasm`, built by `./dev wasm`).
 *
 * `loadCore()` instantiates it once and resolves to its exports; every later caller gets the
 * same promise. The profanity module is deliberately not imported here: it is large and only
 * the create page loads it, with its own dynamic `import()`.
 */
import init, {
  checkArchiveDate,
  dayNumber,
  Game,
  placeholderPrompt,
  rules,
  secondsToNextGame,
  todayNewYork,
} from '../wasm/game/game_wasm.js';

/**
 * The exports the app uses, named one by one: a namespace import would keep the glue of every
 * export (the ones only the test vectors call too) in the first download. The form rules are
 * in `./forms.ts`, imported by the pages that use them.
 */
const core = {
  checkArchiveDate,
  dayNumber,
  Game,
  placeholderPrompt,
  rules,
  secondsToNextGame,
  todayNewYork,
};

export type Core = typeof core;

let loading: Promise<Core> | undefined;

export function loadCore(): Promise<Core> {
  if (loading) return loading;
  // With no argument, wasm-bindgen's `init` fetches `new URL('game_wasm_bg.wasm',
  // import.meta.url)`, which Vite rewrites to the hashed asset.
  const promise = init().then(
    () => core,
    (error: unknown) => {
      loading = undefined; // let a later call retry, e.g. after a network blip
      throw error;
    },
  );
  // React's `use()` reads a settled promise's `status` and `value`: marked, a loaded core renders
  // at once instead of suspending, and React does not hold the reveal back (up to 300 ms after
  // the last Suspense fallback it showed).
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    () => undefined,
  );
  loading = promise;
  return promise;
}
