/**
 * The WASM modules for node (vitest). vite-plugin-wasm runs under vitest too: it inlines each
 * module's bytes and instantiates them when the import is evaluated, so both are ready here.
 * Needs `./dev wasm` to have built `src/wasm/game/`, `src/wasm/game-scripts/` and `src/wasm/profanity/`.
 */
import * as core from '../wasm/game/game_wasm.js';
import * as scriptsCore from '../wasm/game-scripts/game_scripts.js';
import * as createPage from '../wasm/profanity/profanity_wasm.js';
import type { Core, ScriptsCore } from '../core/wasmModule.ts';
import type { CreatePage } from './vectorRunner.ts';

export function loadCoreSync(): Core {
  return core;
}

/** The play module of every script (the same exports and the form rules, built with the `scripts` feature). */
export function loadScriptsCoreSync(): ScriptsCore {
  return scriptsCore;
}

/** The create page's module: profanity check, autofill rules, and the streak and grace rules. */
export function loadCreatePageSync(): CreatePage {
  return createPage;
}
