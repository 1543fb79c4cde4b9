/**
 * Node 20's V8 (11.3) can abort the whole process ("Fatal error … unreachable code" in
 * Deoptimizer::DoComputeBuiltinContinuation) when a function whose JS→WASM calls TurboFan
 * inlined is lazily deoptimised; scripts/bench-wasm.mjs hit it reliably. Tests call WASM in
 * hot loops too, so the inlining is switched off here (an unknown flag is ignored on other V8s).
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--no-turbo-inline-js-wasm-calls');

// Lazy screens wait for the `more` catalogue before they render (lib/i18n.ts, withMessages); a
// test renders such a screen directly, so the English `more` messages are loaded up front.
const { loadMoreMessages } = await import('../lib/i18n.ts');
await loadMoreMessages();
