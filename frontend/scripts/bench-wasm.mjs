// One guess through the WASM boundary in node: the same game and guesses as the criterion
// benchmark in game-core/benches/guess.rs (10 planets, 3 alternative spellings each).
//
// What is timed: `game.guess(text)` on a fresh Game, i.e. the JS→WASM call, copying the
// guess string into WASM memory, the rules themselves, and serialising the result object back
// to JS. Creating the games (and freeing them) happens outside the timed loop: games are built
// in batches first, then one guess per game is timed over the whole batch.
//
// Needs `./dev wasm` (src/wasm/game/). Run with `npm run bench` (node --experimental-wasm-modules:
// wasm-pack's bundler target imports the .wasm file as an ES module, as vite-plugin-wasm does).
import v8 from 'node:v8';

// Node 20's V8 (11.3) aborts the process ("Fatal error … unreachable code" in
// Deoptimizer::DoComputeBuiltinContinuation) when a function whose JS→WASM calls TurboFan
// inlined is lazily deoptimised, which happens here when the result objects change shape
// between the hit and the miss case. Turning that inlining off costs nothing measurable.
v8.setFlagsFromString('--no-turbo-inline-js-wasm-calls');

const { Game } = await import('../src/wasm/game/game_wasm.js');

const names = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto', 'Ceres'];
const def = {
  prompt: 'Bodies orbiting the Sun',
  type: 'daily',
  date: '2025-01-01',
  items: names.map((name, i) => ({
    id: i + 1,
    name,
    altSpellings: [`Planet ${name}`, `${name} the planet`, `The ${name}`],
  })),
};

const BATCH = 2_000;
const MIN_BATCHES = 20;
const TARGET_NS = 1.5e9; // time spent per case after warm-up

/** @typedef {(result: { outcome?: string, itemId?: number | null }) => boolean} Check */

/**
 * Median µs per guess over batches of fresh games.
 * @param {string} guess
 * @param {Check} check
 */
function measure(guess, check) {
  /** @type {number[]} */
  const perBatch = [];
  let timed = 0;
  let sink = 0;
  // Warm-up: let V8 optimise the glue before timing.
  for (let i = 0; i < 5; i++) runBatch(guess, check);
  while (perBatch.length < MIN_BATCHES || timed < TARGET_NS) {
    const { ns, hits } = runBatch(guess, check);
    sink += hits;
    timed += ns;
    perBatch.push(ns / BATCH / 1e3);
  }
  perBatch.sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => perBatch[Math.min(perBatch.length - 1, Math.floor(q * perBatch.length))];
  return { median: at(0.5), p10: at(0.1), p90: at(0.9), guesses: perBatch.length * BATCH, sink };
}

/**
 * @param {string} guess
 * @param {Check} check
 */
function runBatch(guess, check) {
  const games = [];
  for (let i = 0; i < BATCH; i++) games.push(new Game(def));
  const results = new Array(BATCH);
  const start = process.hrtime.bigint();
  for (let i = 0; i < BATCH; i++) results[i] = games[i].guess(guess);
  const ns = Number(process.hrtime.bigint() - start);
  for (const game of games) game.free();
  let hits = 0;
  for (const result of results) {
    if (!check(result)) throw new Error(`unexpected result for ${guess}: ${JSON.stringify(result)}`);
    hits += 1;
  }
  return { ns, hits };
}

/** Creating a game (parsing the definition from a JS object) for context: not part of a guess. */
function measureCreate() {
  const rounds = 20;
  let ns = 0;
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    const games = [];
  for (let i = 0; i < BATCH; i++) games.push(new Game(def));
    ns += Number(process.hrtime.bigint() - start);
    for (const game of games) game.free();
  }
  return ns / (rounds * BATCH) / 1e3;
}

const fmt = (/** @type {number} */ us) => us.toFixed(2).padStart(6);
/** @type {[string, string, Check][]} */
const cases = [
  ['hit (fuzzy)', 'Neptun', (r) => r.outcome === 'correct' && r.itemId === 8],
  ['miss', 'Andromeda', (r) => r.outcome === 'wrong' && r.itemId === null],
];

console.log(`WASM guess benchmark, node ${process.version}: 10 items × 3 spellings, one guess per fresh Game`);
for (const [label, guess, check] of cases) {
  const { median, p10, p90, guesses } = measure(guess, check);
  console.log(
    `wasm guess ${label.padEnd(12)} "${guess}": ${fmt(median)} µs/guess (median of batches; p10 ${p10.toFixed(2)}, p90 ${p90.toFixed(2)}; ${guesses} guesses)`,
  );
}
console.log(`(not timed above) new Game(def): ${fmt(measureCreate())} µs/game`);
