#!/usr/bin/env node
// Link check for the project's Markdown (`./dev check-links`, the first step of `./dev test`):
// every relative link and `#anchor` in the tracked *.md files (README.md, CHANGELOG.md, docs/,
// server/README.md, …) must name an existing file or directory and, for a Markdown target, one
// of its headings (GitHub's slugs) or explicit anchors. External links (http, https, mailto) are
// not fetched: these machines reach only the package registries. No dependencies.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SKIP = /(^|\/)(node_modules|target|dist|\.tools)\//;

/** Tracked Markdown files plus new ones not yet committed (ignored files excluded). */
function markdownFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\0').filter((f) => f && !SKIP.test(f) && existsSync(join(ROOT, f))))].sort();
}

/** The text outside fenced code blocks, line by line (fenced lines become empty, keeping numbers). */
function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const m = line.match(/^\s*(`{3,}|~{3,})/);
    if (m) {
      if (!fence) fence = m[1][0];
      else if (m[1][0] === fence) fence = null;
      return '';
    }
    return fence ? '' : line;
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped (letters, digits, `-`, `_` kept), spaces to `-`. */
export function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

const anchorCache = new Map();
/** Every anchor a Markdown file offers: heading slugs (repeats get -1, -2, …) and id/name attributes. */
function anchors(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const seen = new Map();
  const set = new Set();
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const h = line.match(/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/);
    if (h) {
      const base = slug(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      set.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const a of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) set.add(a[1]);
  }
  anchorCache.set(file, set);
  return set;
}

/** The link targets of one line: inline links and images, and reference definitions. */
function targets(line) {
  const code = line.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length)); // no links inside code spans
  const found = [];
  for (const m of code.matchAll(/\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+"[^"]*")?\s*\)/g)) found.push(m[1].replace(/^<|>$/g, ''));
  const def = code.match(/^ {0,3}\[[^\]]+\]:\s*(\S+)/);
  if (def) found.push(def[1]);
  return found;
}

const problems = [];
const files = markdownFiles();
let checked = 0;
for (const rel of files) {
  const file = join(ROOT, rel);
  proseLines(readFileSync(file, 'utf8')).forEach((line, i) => {
    for (const target of targets(line)) {
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:, …
      checked += 1;
      const [pathPart, anchor] = target.split('#', 2);
      const path = decodeURIComponent(pathPart);
      const dest = path ? (path.startsWith('/') ? join(ROOT, path) : normalize(join(dirname(file), path))) : file;
      const where = `${rel}:${i + 1}: ${target}`;
      if (relative(ROOT, dest).startsWith('..')) {
        problems.push(`${where}: points outside the repository`);
        continue;
      }
      if (!existsSync(dest)) {
        problems.push(`${where}: no such file`);
        continue;
      }
      if (anchor !== undefined && dest.endsWith('.md') && statSync(dest).isFile()) {
        if (!anchors(dest).has(decodeURIComponent(anchor))) problems.push(`${where}: no heading #${anchor} in ${relative(ROOT, dest)}`);
      }
    }
  });
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`check-links: ${problems.length} broken link(s) in ${files.length} Markdown files`);
  process.exit(1);
}
console.log(`check-links: ${checked} relative links in ${files.length} Markdown files resolve`);
