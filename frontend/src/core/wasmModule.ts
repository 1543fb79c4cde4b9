/**
 * The types of the whole play modules, every export included: the test runners (`src/test/`)
 * exercise all of them. The app uses `Core` from `./wasm.ts`, the exports it needs.
 */
/** The Latin play module: the game, the calendar and the rules' constants. */
export type Core = typeof import('../wasm/game/game_wasm.js');

/**
 * The play module of every script: the same exports, and the form rules (`splitSpellings`,
 * `validateGame`) the create and edit pages use (./forms.ts). The Latin module leaves those
 * out: the game never calls them, and they cost it kilobytes (scripts/wasm-size.sh).
 */
export type ScriptsCore = typeof import('../wasm/game-scripts/game_scripts.js');
