/**
 * Every shared vector in `game-core/tests/vectors/` through the WASM builds (the autofill,
 * streak and grace kinds through the create page's module). The native build runs the same
 * files in `cargo test` (`game-core/tests/vectors.rs`); a difference fails one.
 * Files are listed at run time, so a new vector needs no code change here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCoreSync, loadCreatePageSync } from '../test/nodeCore.ts';
import { runVector } from '../test/vectorRunner.ts';

const dir = fileURLToPath(new URL('../../../game-core/tests/vectors/', import.meta.url));
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const core = loadCoreSync();
const createPage = loadCreatePageSync();

describe('shared test vectors through WASM', () => {
  it('finds vector files', () => {
    expect(files.length, `no *.json files in ${dir}`).toBeGreaterThan(0);
  });

  // The held-out profanity corpus (59,387 texts, scripts/profanity-corpus.py) takes a few
  // seconds on an idle machine and more on a busy CI one: 60 s for every file.
  it.each(files)(
    '%s',
    (name) => {
      const vector: unknown = JSON.parse(readFileSync(`${dir}${name}`, 'utf8'));
      runVector(core, vector, createPage);
    },
    60_000,
  );
});
