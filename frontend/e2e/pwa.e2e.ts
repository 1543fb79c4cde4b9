/**
 * The app as an installed, long-lived page: the web app manifest and icons, the update banner
 * after a deploy under an open tab, and archive days and unfinished games opened offline.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ITEMS, pastPrompt } from './fixture.ts';
import {
  ARTIFACTS,
  counts,
  cspViolations,
  DIST,
  expectNoSeriousA11y,
  guess,
  launchBrowser,
  newContext,
  screenshot,
  startServer,
  type Server,
} from './harness.ts';

let browser: Browser;
let server: Server;
let context: BrowserContext | undefined;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser.close();
  server.stop();
});

afterEach(async () => {
  const violations = context ? cspViolations(context) : [];
  await context?.close();
  context = undefined;
  expect(violations).toEqual([]);
});

async function openGame(on: Server, path = '/'): Promise<Page> {
  context = await newContext(browser, on, { mobile: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(path);
  await page.getByTestId('prompt').waitFor();
  return page;
}

/** The paths the service worker has stored. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('lavalist-v2')).keys()).map((r) => new URL(r.url).pathname));

/**
 * Polls `check` in the page until it resolves true. (`page.waitForFunction` does not await an
 * async predicate: the promise it returns is truthy at once.)
 */
async function until(page: Page, check: (arg: string[]) => Promise<boolean>, arg: string[], what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await page.evaluate(check, arg))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Until every path answers from the worker's cache (a key can be listed before it answers). */
async function waitForCached(page: Page, paths: string[]): Promise<void> {
  await until(
    page,
    async (wanted) => {
      const cache = await caches.open('lavalist-v2');
      const found = await Promise.all(wanted.map((p) => cache.match(p)));
      return found.every(Boolean);
    },
    paths,
    `${paths.join(', ')} in the cache`,
  );
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchPng(url: string): Promise<{ width: number; height: number }> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  return pngSize(Buffer.from(await response.arrayBuffer()));
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('installable', () => {
  it('links a complete web app manifest whose icons load at their sizes, and Chromium finds no installability error', async () => {
    const page = await openGame(server);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Lavalist', short_name: 'Lavalist', start_url: '/', display: 'standalone', theme_color: '#14090b', background_color: '#14090b' });
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(await fetchPng(`${server.url}${icon.src}`)).toEqual({ width, height });
    }
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(await fetchPng(`${server.url}${apple ?? ''}`)).toEqual({ width: 180, height: 180 });
    // Chromium's own verdict (manifest, icons, service worker with a fetch handler).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // Playwright's contexts are incognito, where Chromium never offers an install.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });
});

describe('update banner', () => {
  let deployed: string;
  let live: Server;

  beforeAll(async () => {
    // A server of its own, serving a copy of the build that the test replaces under the page.
    deployed = mkdtempSync(join(tmpdir(), 'lavalist-deploy-'));
    cpSync(DIST, deployed, { recursive: true });
    live = await startServer(deployed);
  });

  afterAll(() => {
    live.stop();
    rmSync(deployed, { recursive: true, force: true });
  });

  /**
   * Deploys "the next build": every asset under a new name, the references rewritten to match
   * (as a real build renames whatever depends on changed code), and the old files gone, as a
   * deploy that replaces the folder leaves it.
   */
  function deployNextBuild(): { entry: string } {
    const build = JSON.parse(readFileSync(join(deployed, 'build.json'), 'utf8')) as { entry: string; assets: string[] };
    const files = readdirSync(join(deployed, 'assets'));
    const renamed = new Map(files.map((f) => [f, f.replace(/(\.[a-z]+)$/, '-next$1')]));
    const rewrite = (text: string) => [...renamed].reduce((t, [from, to]) => t.replaceAll(from, to), text);
    for (const [from, to] of renamed) {
      const path = join(deployed, 'assets', from);
      if (/\.(js|css)$/.test(from)) writeFileSync(join(deployed, 'assets', to), rewrite(readFileSync(path, 'utf8')));
      else cpSync(path, join(deployed, 'assets', to));
      rmSync(path);
    }
    for (const page of ['index.html', 'build.json']) writeFileSync(join(deployed, page), rewrite(readFileSync(join(deployed, page), 'utf8')));
    return { entry: rewrite(build.entry) };
  }

  it('offers the new version, keeps the old build working until Reload, and the game survives the reload', async () => {
    const page = await openGame(live);
    await guess(page, ITEMS[0] ?? '');
    await guess(page, 'pluto-not');
    expect(await counts(page)).toMatchObject({ correct: '1/10', wrong: '1/8' });
    // The worker holds every chunk of this build, lazy ones included.
    const build = JSON.parse(readFileSync(join(deployed, 'build.json'), 'utf8')) as { entry: string; assets: string[] };
    await waitForCached(page, build.assets);
    expect(await page.getByTestId('update-banner').count()).toBe(0);

    const next = deployNextBuild();
    // A tab that comes back to the foreground asks which build is served.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const banner = page.getByTestId('update-banner');
    await banner.getByText('A new version is available').waitFor();
    // The two guesses' toasts cover the top of a phone's screen for a few seconds.
    await page.waitForFunction(() => document.querySelectorAll('.toast').length === 0, null, { timeout: 15_000 });
    await expectNoSeriousA11y(page, 'update banner');
    await screenshot(page, 'update-banner-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'update-banner-1280');

    // Until then the old build runs on: its calendar chunk, gone from the server, still opens.
    await page.getByRole('button', { name: 'Archive calendar' }).click();
    await page.getByTestId('calendar-day').first().waitFor();
    await page.keyboard.press('Escape');

    await banner.getByRole('button', { name: 'Reload' }).click();
    // The page runs the new build's entry (index.html loads it after the bundler's runtime chunk).
    await page.waitForFunction((entry) => [...document.querySelectorAll('script[type="module"][src]')].some((s) => s.getAttribute('src') === entry), next.entry);
    await page.getByTestId('prompt').waitFor();
    expect(await counts(page)).toMatchObject({ correct: '1/10', wrong: '1/8' });
    expect(await page.getByTestId('update-banner').count()).toBe(0);
    // With no tab left on the old build, the worker drops its files.
    await until(
      page,
      async (old) => {
        const keys = await (await caches.open('lavalist-v2')).keys();
        const have = new Set(keys.map((r) => new URL(r.url).pathname));
        return old.every((p) => !have.has(p)) && have.has(old[0]?.replace(/(\.[a-z]+)$/, '-next$1') ?? '');
      },
      build.assets,
      "the old build's assets gone",
    );
  });
});

describe('offline archive', () => {
  it('opens the last seven archive days and an unfinished community game with the network cut', async () => {
    // An unfinished community game from an earlier visit (no service worker then).
    const earlier = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    await earlier.addInitScript(() => {
      localStorage.setItem('howToPlayModalShown', 'true');
    });
    const first = await earlier.newPage();
    await first.goto('/community/e2e-community-2');
    await first.getByTestId('prompt').waitFor();
    await guess(first, ITEMS[1] ?? '');
    const storage = await earlier.storageState();
    await earlier.close();

    context = await newContext(browser, server, { mobile: true });
    await context.addInitScript((items: [string, string][]) => {
      for (const [k, v] of items) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
    }, storage.origins.flatMap((o) => o.localStorage.map((e): [string, string] => [e.name, e.value])));
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('prompt').waitFor();
    const days = Array.from({ length: 7 }, (_, i) => addDays(server.today, -(i + 1)));
    await waitForCached(page, [...days.map((d) => `/api/game/date/${d}`), '/api/game/uid/e2e-community-2', '/index.html']);
    // Only what was asked for: not the eighth day back, never a day after today.
    const cached = await cachedPaths(page);
    expect(cached).not.toContain(`/api/game/date/${addDays(server.today, -8)}`);
    expect(cached.filter((p) => p.startsWith('/api/game/date/') && p.slice('/api/game/date/'.length) > server.today)).toEqual([]);

    await context.setOffline(true);
    await page.goto(`/archive/${addDays(server.today, -7)}`);
    await page.getByTestId('prompt').waitFor();
    expect((await page.getByTestId('prompt').textContent())?.toLowerCase()).toContain(pastPrompt(7));
    await page.goto(`/archive/${addDays(server.today, -3)}`);
    await page.getByTestId('prompt').waitFor();
    expect((await page.getByTestId('prompt').textContent())?.toLowerCase()).toContain(pastPrompt(3));
    await page.goto('/community/e2e-community-2');
    await page.getByTestId('prompt').waitFor();
    expect((await counts(page)).correct).toBe('1/10');
  });
});
