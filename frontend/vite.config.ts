import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';

/**
 * Preloads the play WASM module from index.html, so it downloads alongside the JS instead of
 * after it (wasm-bindgen only fetches it once the JS runs). `as="fetch"` with `crossorigin`
 * matches the `fetch()` wasm-bindgen makes, so the browser reuses the preloaded response.
 */
function preloadWasm(): Plugin {
  return {
    name: 'lavalist-preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // Only the play module: the profanity module is the create page's, fetched there on demand.
        const wasm = Object.keys(ctx.bundle ?? {}).filter((f) => f.endsWith('.wasm') && f.includes('game_wasm'));
        return wasm.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${f}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadWasm()],
  build: {
    target: 'es2022',
  },
  server: {
    // The actix server (`cargo run -p lavalist`) answers the API during `npm run dev`.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
