/**
 * The one place the browser loads the play WASM module (`game-wasm`, built by `./dev wasm` with
 * wasm-pack's bundler target).
 *
 * vite-plugin-wasm turns the module into an ES module that fetches and instantiates the `.wasm`
 * before it finishes evaluating; `loadCore()` imports it once, dynamically, so that a failed
 * download reaches App's error screen instead of stopping the entry script, and resolves to its
 * exports. index.html preloads both the chunk and the `.wasm` (vite.config.ts, preloadWasm).
 * The profanity module is deliberately not imported here: it is large and only the create page
 * loads it, with its own dynamic `import()`.
 *
 * The play module folds Latin text only (it stays small); `./scriptsCore.ts` loads the module of
 * every script, with the same exports, when a game's texts or a guess need it (`needsScripts`).
 */

/** The exports the app uses (./playModule.ts). The form rules are in `./forms.ts`, imported by the pages that use them. */
export type Core = typeof import('./playModule.ts');

let loading: Promise<Core> | undefined;

export function loadCore(): Promise<Core> {
  if (loading) return loading;
  const promise = import('./playModule.ts').catch((error: unknown) => {
    loading = undefined; // let a later call retry, e.g. after a network blip
    throw error;
  });
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
