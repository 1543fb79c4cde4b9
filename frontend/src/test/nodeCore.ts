/**
 * The play WASM module for node (vitest): `initSync` with the bytes from disk instead of the
 * browser's `fetch`. Needs `./dev wasm` to have built `src/wasm/game/`.
 */
import { readFileSync } from 'node:fs';
// node's URL, not the DOM one a happy-dom test environment installs globally.
import { URL as NodeURL } from 'node:url';
import * as core from '../wasm/game/game_wasm.js';
import type { Core } from '../core/wasm.ts';

let ready = false;

export function loadCoreSync(): Core {
  if (!ready) {
    core.initSync({ module: readFileSync(new NodeURL('../wasm/game/game_wasm_bg.wasm', import.meta.url)) });
    ready = true;
  }
  return core;
}
