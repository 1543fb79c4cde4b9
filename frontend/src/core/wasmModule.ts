/**
 * The type of the whole play module, every export included: the test runners (`src/test/`)
 * exercise all of them. The app uses `Core` from `./wasm.ts`, the exports it needs.
 */
export type Core = typeof import('../wasm/game/game_wasm.js');
