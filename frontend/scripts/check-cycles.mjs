/**
 * Fails when the modules under src/ import each other in a cycle. Every import counts: static,
 * dynamic (`import()`), re-exports and type-only imports (a type-only cycle still ties two
 * modules' meaning together). Relative imports only; packages and the generated WASM glue are
 * leaves. `npm run lint` runs it.
 *
 *   node scripts/check-cycles.mjs [dir]   (default: src)
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(process.argv[2] ?? 'src');
const wasmDir = path.join(root, 'wasm');
const skip = new Set([wasmDir]);

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.has(full) ? [] : walk(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** @param {string} from @param {string} spec @returns {string | null} */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.split('?')[0] ?? spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const files = walk(root);
/** @type {Map<string, string[]>} */
const graph = new Map(
  files.map((file) => {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = info.importedFiles.flatMap((f) => resolve(file, f.fileName) ?? []).filter((d) => !d.startsWith(`${wasmDir}${path.sep}`));
    return /** @type {[string, string[]]} */ ([file, [...new Set(deps)]]);
  }),
);

// Tarjan's strongly connected components: each component of more than one module (or a module
// importing itself) is a cycle.
let index = 0;
/** @type {string[]} */
const stack = [];
/** @type {Map<string, { index: number; low: number; onStack: boolean }>} */
const meta = new Map();
/** @type {string[][]} */
const cycles = [];
/** @param {string} v */
const at = (v) => {
  const m = meta.get(v);
  if (!m) throw new Error(`unvisited ${v}`);
  return m;
};
/** @param {string} v */
function connect(v) {
  meta.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!meta.has(w)) {
      connect(w);
      at(v).low = Math.min(at(v).low, at(w).low);
    } else if (at(w).onStack) {
      at(v).low = Math.min(at(v).low, at(w).index);
    }
  }
  if (at(v).low === at(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      if (w === undefined) break;
      at(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const file of files) if (!meta.has(file)) connect(file);

/** @param {string} f */
const rel = (f) => path.relative(process.cwd(), f);
if (cycles.length > 0) {
  console.error(`${String(cycles.length)} import cycle(s) under ${rel(root)}:`);
  for (const component of cycles) console.error(`  ${component.map(rel).sort().join(' <-> ')}`);
  process.exit(1);
}
console.log(`no import cycles among ${String(files.length)} modules under ${rel(root) || '.'}`);
