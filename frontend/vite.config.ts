import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import wasm from 'vite-plugin-wasm';
import { lingui } from '@lingui/vite-plugin';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * react-router 7 points every import at its development build, whose only difference from the
 * production build beside it is `ENABLE_DEV_WARNINGS = true`: the build takes the production one,
 * so the minifier drops the warnings (0.5 KB of the first download). Tests and the dev server
 * keep the warnings. A version that moves the file fails the build here rather than shipping
 * the warnings.
 */
function reactRouterProduction(): { find: RegExp; replacement: string }[] {
  const file = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));
  if (!existsSync(file)) throw new Error(`no ${file}: see reactRouterProduction in vite.config.ts`);
  return [{ find: /^react-router$/, replacement: file }];
}

/**
 * Preloads the play module from index.html, so that it downloads alongside the entry script
 * instead of after it: the JS chunks `core/wasm.ts` imports dynamically (wasm-bindgen's glue and
 * vite-plugin-wasm's loader) as `modulepreload`, and the `.wasm` file itself, which that loader
 * only fetches once it runs. `as="fetch"` with `crossorigin` matches the loader's `fetch()`, so
 * the browser reuses the preloaded response.
 */
function preloadWasm(): Plugin {
  return {
    name: 'lavalist-preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const files = Object.values(bundle);
        // Only the play module: the profanity module is the create page's, fetched there on demand.
        const wasm = files.filter((f) => f.fileName.endsWith('.wasm') && f.fileName.includes('game_wasm'));
        const loader = files.find((f) => f.type === 'chunk' && f.facadeModuleId?.endsWith('/src/core/playModule.ts'));
        if (wasm.length !== 1 || loader?.type !== 'chunk') throw new Error('expected one play module and one chunk that loads it');
        // That chunk and the chunks it imports, less what index.html loads anyway.
        const chunks = new Set<string>();
        const visit = (name: string) => {
          const chunk = bundle[name] as (typeof bundle)[string] | undefined;
          if (chunk?.type !== 'chunk' || chunk.isEntry || chunks.has(name)) return;
          chunks.add(name);
          chunk.imports.forEach(visit);
        };
        visit(loader.fileName);
        return [
          ...[...chunks].map((name) => ({ tag: 'link', attrs: { rel: 'modulepreload', href: `/${name}` }, injectTo: 'head' as const })),
          ...wasm.map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${f.fileName}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The first download carries the first screen's utilities only (src/index.css); every other
 * screen's module imports src/styles/full.css, which Vite loads with its chunk before the chunk
 * runs. This fails the build when the first download runs a component outside the first
 * screen's sources, or a lazy chunk holds one but loads no full stylesheet (it would show
 * unstyled until one arrives).
 */
function lazyStyles(): Plugin {
  // The folders and files src/index.css lists with @source (its utilities cover them).
  const firstScreen = new RegExp(
    '/src/(main\\.ts|app/(App|DiceButton|Header|Layout|Modals|ScrollRestoration|router|start|routes/Community)\\.tsx|app/pwa/|components/(Toaster|icons|ReloadButton|Trans)\\.tsx|core/|lib/|stores/' +
      '|features/game/(routes|stores)/|features/game/components/(AnswerGrid|Counters|Countdown|EditionSwitch|Effects|GameScreen|GiveUpButton|GuessForm|HintList|HintMenu|LavaBackground|Prompt|ResultLine|SubmitterLine|WrongGuesses)\\.tsx)',
  );
  return {
    name: 'lavalist-lazy-styles',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((f) => (f.type === 'chunk' ? [f] : []));
        // A lazy chunk and the chunks it imports statically: what its import() loads.
        const loaded = (name: string, seen = new Set<string>()): Set<string> => {
          const chunk = bundle[name] as (typeof bundle)[string] | undefined;
          if (chunk?.type === 'chunk' && !chunk.isEntry && !seen.has(name)) {
            seen.add(name);
            chunk.imports.forEach((i) => loaded(i, seen));
          }
          return seen;
        };
        // What the first download runs must be styled by its own stylesheet.
        for (const chunk of chunks.filter((c) => c.isEntry || c.moduleIds.some((id) => id.endsWith('/src/main.ts')))) {
          const outside = chunk.moduleIds.filter((id) => id.includes('/src/') && id.endsWith('.tsx') && !firstScreen.test(id));
          if (outside.length > 0) throw new Error(`the first download runs ${outside.join(', ')}: add it to src/index.css's @source and to firstScreen here`);
        }
        for (const chunk of chunks.filter((c) => c.isDynamicEntry)) {
          const parts = [...loaded(chunk.fileName)].flatMap((name) => (bundle[name].type === 'chunk' ? [bundle[name]] : []));
          const outside = parts.flatMap((c) => c.moduleIds).filter((id) => id.includes('/src/') && id.endsWith('.tsx') && !firstScreen.test(id));
          if (outside.length === 0) continue;
          if (!parts.some((c) => [...(c.viteMetadata?.importedCss ?? [])].some((f) => f.includes('full')))) {
            throw new Error(`${chunk.fileName} holds ${outside.join(', ')} but loads no src/styles/full.css: import it there`);
          }
        }
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
    // After Vite's own generateBundle, which gives the chunks their final names (and, when the
    // entry chunk only imports others, points index.html at those and drops it).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.values(bundle);
        // The chunk that runs main.ts: the one whose `import.meta.url` names the build.
        const entry = files.find((f) => f.type === 'chunk' && f.moduleIds.some((id) => id.endsWith('/src/main.ts')));
        if (!entry) throw new Error('no chunk runs src/main.ts');
        const assets = files
          .map((f) => f.fileName)
          .filter((name) => /\.(js|css)$/.test(name) || (name.endsWith('.wasm') && name.includes('game_wasm')))
          .map((name) => `/${name}`)
          .sort();
        this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ entry: `/${entry.fileName}`, assets }) });
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  // vite-plugin-wasm: wasm-pack's bundler-target output (`import * as wasm from './x_bg.wasm'`) as
  // an ES module that instantiates the module with top-level await (es2022 has it: no need for
  // vite-plugin-top-level-await). Vitest runs it too, inlining the module's bytes.
  plugins: [react(), lingui({ failOnCompileError: true }), tailwindcss(), wasm(), preloadWasm(), lazyStyles(), buildManifest()],
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
}));
