/**
 * The play module of every script (`game-wasm --features scripts`, built by `./dev wasm` into
 * `src/wasm/game-scripts/`): the same exports as `./playModule.ts`, with the Unicode tables the
 * Latin module leaves out. Loaded only when a game's text or a guess needs it (`./wasm.ts`).
 */
export {
  checkArchiveDate,
  dayNumber,
  Game,
  needsScripts,
  placeholderPrompt,
  rules,
  secondsToNextGame,
  todayNewYork,
} from '../wasm/game-scripts/game_scripts.js';
