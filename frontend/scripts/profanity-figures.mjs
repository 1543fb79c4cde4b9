// The profanity rule's figures through WASM: the share of each corpus vector
// (game-core/tests/vectors/profanity-*.json) that the create page's module flags (stops at all:
// flagged or abuse) and refuses outright (abuse). The native
// twin is `cargo run -p game-core --example profanity_figures -- FILE…`; the pass/fail bars are
// checked by the vector runners (src/test/vectorRunner.ts, game-core/tests/vectors.rs).
//
// Needs `./dev wasm` (src/wasm/profanity/). Run: node --experimental-wasm-modules
// scripts/profanity-figures.mjs [FILE…] (default: every profanity vector).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const { tier, tierIn } = await import('../src/wasm/profanity/profanity_wasm.js');

const dir = new URL('../../game-core/tests/vectors/', import.meta.url).pathname;
const files = process.argv.length > 2 ? process.argv.slice(2) : readdirSync(dir).filter((f) => f.startsWith('profanity-')).map((f) => join(dir, f));
for (const file of files) {
  /** @type {{ kind: string, texts: string[], prompt?: string }} */
  const corpus = JSON.parse(readFileSync(file, 'utf8')).profanityCorpus;
  const start = performance.now();
  // With a prompt, each text is an item of a game with that prompt, as the vector runner judges it.
  const tiers = corpus.texts.map((t) => (corpus.prompt === undefined ? tier(t) : tierIn(t, corpus.prompt)));
  const micros = ((performance.now() - start) * 1000) / corpus.texts.length;
  const flagged = tiers.filter((t) => t !== 'clean').length;
  const refused = tiers.filter((t) => t === 'abuse').length;
  /** @param {number} n */
  const pct = (n) => ((100 * n) / corpus.texts.length).toFixed(2);
  console.log(`${file.split('/').pop()}: ${corpus.kind}, ${flagged} of ${corpus.texts.length} flagged (${pct(flagged)}%), ${refused} refused (${pct(refused)}%), ${micros.toFixed(1)} µs a text`);
}
