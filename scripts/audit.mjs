#!/usr/bin/env node
// Dependency audit for `./dev test`. The online databases are tried first (cargo audit when
// installed, npm audit); where they cannot be reached (this machine reaches only the package
// registries) the locks are checked offline: every crate comes from crates.io, no manifest asks
// for a wildcard version, and no locked version falls in scripts/advisories.json. The output
// says which checks ran, so a skipped database is never mistaken for a clean one.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const problems = [];

/** `1.2.3` → [1, 2, 3]; pre-release tags are ignored (compared as their release). */
const parts = (v) => v.split(/[-+]/)[0].split('.').map((n) => Number.parseInt(n, 10) || 0);
function below(version, bound) {
  const [a, b] = [parts(version), parts(bound)];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return false;
}

function cargoPackages() {
  const lock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
  return lock.split('[[package]]').slice(1).map((block) => ({
    name: /^name = "(.*)"$/m.exec(block)?.[1],
    version: /^version = "(.*)"$/m.exec(block)?.[1],
    source: /^source = "(.*)"$/m.exec(block)?.[1] ?? null,
  }));
}

function npmPackages() {
  const lock = JSON.parse(readFileSync(join(root, 'frontend/package-lock.json'), 'utf8'));
  return Object.entries(lock.packages ?? {})
    .filter(([path]) => path.includes('node_modules/'))
    .map(([path, info]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 13), version: info.version, resolved: info.resolved }));
}

function manifests() {
  const dirs = ['.', ...readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)];
  return dirs.map((d) => join(root, d, 'Cargo.toml')).filter(existsSync);
}

function checkSources(crates, packages) {
  for (const c of crates) {
    if (c.source && c.source !== 'registry+https://github.com/rust-lang/crates.io-index') {
      problems.push(`crate ${c.name} ${c.version} comes from ${c.source}, not crates.io`);
    }
  }
  for (const p of packages) {
    if (p.resolved && !p.resolved.startsWith('https://registry.npmjs.org/')) {
      problems.push(`npm package ${p.name} ${p.version} resolves to ${p.resolved}, not the npm registry`);
    }
  }
  for (const file of manifests()) {
    const wildcard = readFileSync(file, 'utf8').split('\n').find((l) => /=\s*(\{[^}]*version\s*=\s*)?"\*"/.test(l));
    if (wildcard) problems.push(`${file}: wildcard version: ${wildcard.trim()}`);
  }
}

function checkAdvisories(crates, packages) {
  const { advisories } = JSON.parse(readFileSync(join(root, 'scripts/advisories.json'), 'utf8'));
  const trees = { cargo: crates, npm: packages };
  for (const a of advisories) {
    for (const p of trees[a.ecosystem] ?? []) {
      if (p.name === a.name && p.version && below(p.version, a.below)) {
        if (a.accepted) {
          console.log(`audit: ${a.ecosystem} ${p.name} ${p.version}: ${a.id} accepted: ${a.accepted}`);
          continue;
        }
        problems.push(`${a.ecosystem} ${p.name} ${p.version}: ${a.id} (${a.why}); fixed in ${a.below}`);
      }
    }
  }
  return advisories.length;
}

/** Runs an online audit; `null` when its database cannot be reached or the tool is missing. */
function online(command, args, cwd) {
  const run = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 60_000 });
  if (run.error || /ENOTFOUND|EAI_AGAIN|405|audit endpoint returned an error|couldn't fetch advisory|no such command/i.test(`${run.stderr}${run.stdout}`)) {
    return null;
  }
  return run.status === 0 ? 'clean' : `${run.stdout}\n${run.stderr}`;
}

const crates = cargoPackages();
const packages = npmPackages();
checkSources(crates, packages);
const known = checkAdvisories(crates, packages);
const cargoAudit = online('cargo', ['audit', '--quiet'], root);
const npmAudit = online('npm', ['audit', '--omit=dev', '--audit-level=moderate'], join(root, 'frontend'));
for (const [name, outcome] of [['cargo audit', cargoAudit], ['npm audit', npmAudit]]) {
  if (outcome === null) console.log(`audit: ${name}: its advisory database cannot be reached here (offline checks only)`);
  else if (outcome === 'clean') console.log(`audit: ${name}: no advisories`);
  else problems.push(`${name}:\n${outcome}`);
}
console.log(`audit: ${crates.length} crates and ${packages.length} npm packages checked offline: registry sources, no wildcard versions, ${known} known advisories`);
if (problems.length) {
  console.error(`audit: ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
