/**
 * The WASM modules for node (vitest): `initSync` with the bytes from disk instead of the
 * browser's `fetch`. Needs `./dev wasm` to have built `src/wasm/game/` and `src/wasm/profanity/`.
 */
import { readFileSync } from 'node:fs';
// node's URL, not the DOM one a happy-dom test environment installs globally.
import { URL as NodeURL } from 'node:url';
import * as core from '../wasm/game/game_wasm.js';
import * as createPage from '../wasm/profanity/profanity_wasm.js';
import type { Core } from '../core/wasmModule.ts';
import type { CreatePage } from './vectorRunner.ts';

let ready = false;

export function loadCoreSync(): Core {
  if (!ready) {
    core.initSync({ module: readFileSync(new NodeURL('../wasm/game/game_wasm_bg.wasm', import.meta.url)) });
    ready = true;
  }
  return core;
}

let createPageReady = false;

/** The create page's module: profanity check, autofill rules, and the streak and grace rules. */
export function loadCreatePageSync(): CreatePage {
  if (!createPageReady) {
    createPage.initSync({
      module: readFileSync(new NodeURL('../wasm/profanity/profanity_wasm_bg.wasm', import.meta.url)),
    });
    createPageReady = true;
  }
  return createPage;
}
