/**
 * The play WASM module for node (vitest): `initSync` with the bytes from disk instead of the
 * browser's `fetch`. Needs `./dev wasm` to have built `src/wasm/game/`.
 */
import { readFileSync } from 'node:fs';
import * as core from '../wasm/game/game_wasm.js';
import type { Core } from '../core/wasm.ts';

let ready = false;

export function loadCoreSync(): Core {
  if (!ready) {
    core.initSync({ module: readFileSync(new URL('../wasm/game/game_wasm_bg.wasm', import.meta.url)) });
    ready = true;
  }
  return core;
}
