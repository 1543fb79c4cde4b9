/**
 * The play module's exports the app uses, named one by one: what `loadCore()` imports. A
 * dynamic import of the whole module would keep the glue of every export (the ones only the
 * test vectors call too); named re-exports let the bundler drop the rest.
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
} from '../wasm/game/game_wasm.js';
