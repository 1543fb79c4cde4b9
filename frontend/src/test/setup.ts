/**
 * Node 20's V8 (11.3) can abort the whole process ("Fatal error … unreachable code" in
 * Deoptimizer::DoComputeBuiltinContinuation) when a function whose JS→WASM calls TurboFan
 * inlined is lazily deoptimised; scripts/bench-wasm.mjs hit it reliably. Tests call WASM in
 * hot loops too, so the inlining is switched off here (an unknown flag is ignored on other V8s).
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--no-turbo-inline-js-wasm-calls');

// Unit tests render lazy screens directly, without the `more` catalogue the app loads once the
// first screen is up (lib/i18n.ts): load the English one here, as the app has it by then.
import { i18n } from '@lingui/core';
import { messages as enMore } from '../locales/en/more.json?lingui';

i18n.load('en', enMore);
