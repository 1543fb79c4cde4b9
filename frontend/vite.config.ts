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

/**
 * Writes `build.json`: the build's entry script (which names the build, see
 * src/app/pwa/build.ts) and every JS, CSS and play-WASM asset, lazy chunks included, so the
 * service worker can keep all of this build for a tab that still runs it after a deploy. The
 * profanity module stays out: only the create page loads it, and that page needs the network.
 */
function buildManifest(): Plugin {
  return {
    name: 'lavalist-build-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const entry = files.find((f) => f.type === 'chunk' && f.isEntry);
      if (!entry) throw new Error('no entry chunk');
      const assets = files
        .map((f) => f.fileName)
        .filter((name) => /\.(js|css)$/.test(name) || (name.endsWith('.wasm') && name.includes('game_wasm')))
        .map((name) => `/${name}`)
        .sort();
      this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ entry: `/${entry.fileName}`, assets }) });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadWasm(), buildManifest()],
  build: {
    target: 'es2022',
    // Every browser the es2022 target admits preloads modules itself (or, Safari 16, just skips it).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file: split into shared chunks, the same code
          // gzips ~3 KB larger (each chunk its own dictionary, plus import/export glue).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
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
