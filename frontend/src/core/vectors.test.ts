/**
 * Every shared vector in `game-core/tests/vectors/` through the WASM builds (the autofill,
 * streak and grace kinds through the create page's module): every vector through the play module
 * of every script, and those whose input is Latin text through the Latin play module too (the
 * form rules' apart: the Latin module does not have them). The
 * native build runs the same files in `cargo test` (`game-core/tests/vectors.rs`); a difference
 * fails one. Files are listed at run time, so a new vector needs no code change here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCoreSync, loadCreatePageSync, loadScriptsCoreSync } from '../test/nodeCore.ts';
import { FORM_KINDS, runVector, vectorKind } from '../test/vectorRunner.ts';

const dir = fileURLToPath(new URL('../../../game-core/tests/vectors/', import.meta.url));
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const core = loadCoreSync();
const scriptsCore = loadScriptsCoreSync();
const createPage = loadCreatePageSync();
const read = (name: string): unknown => JSON.parse(readFileSync(`${dir}${name}`, 'utf8'));

/** The strings a vector gives the core to fold (everything but its title, prompts and expectations). */
function inputs(value: unknown, key = ''): string[] {
  if (key === 'expect' || key === 'prompt') return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((v) => inputs(v));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => inputs(v, k));
  return [];
}

// The form rules' vectors only through the module of every script: the Latin module leaves
// those rules out (the create and edit pages load the other one).
const latinFiles = files.filter((name) => {
  const vector = read(name) as Record<string, unknown>;
  if (FORM_KINDS.includes(vectorKind(vector))) return false;
  const texts = Object.entries(vector).flatMap(([key, value]) => (key === 'name' ? [] : inputs(value, key)));
  return !texts.some((text) => core.needsScripts(text));
});

describe('shared test vectors through WASM', () => {
  it('finds vector files', () => {
    expect(files.length, `no *.json files in ${dir}`).toBeGreaterThan(0);
  });

  // The held-out profanity corpus (59,387 texts, scripts/profanity-corpus.py) takes a few
  // seconds on an idle machine and more on a busy CI one: 60 s for every file.
  it.each(files)(
    '%s (every script)',
    (name) => {
      runVector(scriptsCore, read(name), createPage);
    },
    60_000,
  );

  it('runs most vectors through the Latin module too', () => {
    expect(latinFiles.length).toBeGreaterThan(files.length / 2);
  });

  it.each(latinFiles)(
    '%s (Latin)',
    (name) => {
      runVector(core, read(name), createPage);
    },
    60_000,
  );

  it('the form rules are in the module of every script only (the create and edit pages load that one)', () => {
    expect('validateGame' in core).toBe(false);
    expect('splitSpellings' in core).toBe(false);
    expect(typeof scriptsCore.validateGame).toBe('function');
  });

  it('the Latin module knows the text it cannot fold and refuses such a guess rather than misreading it', () => {
    expect(core.needsScripts('Москва')).toBe(true);
    expect(core.needsScripts('ＬＯＮＤＯＮ')).toBe(true);
    expect(core.needsScripts('Crème Brûlée, Łódź, Hà Nội, İstanbul')).toBe(false);
    expect(scriptsCore.needsScripts('Москва')).toBe(false);
    const latin = new core.Game({ prompt: 'p', type: 'community', date: null, items: [{ id: 1, name: 'Moscow', altSpellings: [] }] });
    expect(latin.guess('Москва')).toMatchObject({ error: 'needsScripts' });
    expect(latin.guess('moscow')).toMatchObject({ outcome: 'correct', itemId: 1 });
    latin.free();
  });
});
