/**
 * End to end in real Chromium against the real server (see harness.ts). One browser, tests in
 * order, each in a fresh browser context (its own localStorage, so its own userKey).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, COMMUNITY_UID, DAYS_BACK, ITEMS, pastPrompt, TODAY_PROMPT, volcanoDays } from './fixture.ts';
import { formatDate } from '../src/lib/dates.ts';
import {
  ARTIFACTS,
  communityPlayers,
  counts,
  cspViolations,
  expectNoSeriousA11y,
  guess,
  launchBrowser,
  newContext,
  screenshot,
  startServer,
  storedStreak,
  resultLine,
  type ContextOptions,
  type Server,
} from './harness.ts';

let server: Server;
let browser: Browser;
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
  // Every page the test opened ran under the server's Content-Security-Policy without a refusal.
  const violations = context ? cspViolations(context) : [];
  await context?.close();
  context = undefined;
  expect(violations).toEqual([]);
});

async function open(path: string, options: ContextOptions = {}): Promise<Page> {
  context = await newContext(browser, server, options);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(path);
  return page;
}

async function openGame(path = '/', options: ContextOptions = {}): Promise<Page> {
  const page = await open(path, options);
  await page.getByTestId('prompt').waitFor();
  return page;
}

const userKeyOf = (page: Page) => page.evaluate(() => localStorage.getItem('userKey') ?? '');

/** Fire icons actually displayed (one row is hidden per layout). */
const visibleFlames = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('[aria-label="Wrong guesses"] svg')).filter((s) => s.getBoundingClientRect().width > 0).length);

async function poll(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('daily game', () => {
  it("shows today's prompt before any script runs, and the app takes it over without a shift", async () => {
    // The server puts the prompt in `/` itself (server/src/web/spa/home.rs): a browser that runs no
    // script at all, and so has neither the JS nor the WASM core, shows it.
    const bare = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    try {
      const page = await bare.newPage();
      await page.goto('/');
      const shown = (await page.locator('main h1').textContent()) ?? '';
      expect(shown.toLowerCase()).toBe(TODAY_PROMPT.toLowerCase());
    } finally {
      await bare.close();
    }
    // With scripts: the app replaces the shell with nothing moving (no layout shift from the load).
    const page = await open('/', { mobile: true });
    await page.getByTestId('count-wrong').waitFor();
    expect(((await page.getByTestId('prompt').textContent()) ?? '').toLowerCase()).toBe(TODAY_PROMPT.toLowerCase());
    // What moved, if anything, is in the failure's message: a node, its box before and after.
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const shift = await page.evaluate(
      () =>
        new Promise<{ sum: number; moved: string[] }>((resolve) => {
          let sum = 0;
          const moved: string[] = [];
          const box = (r: DOMRectReadOnly) => `${String(r.x)},${String(r.y)} ${String(r.width)}x${String(r.height)}`;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number; sources: Source[] }[]) {
              if (entry.hadRecentInput) continue;
              sum += entry.value;
              for (const { node, previousRect, currentRect } of entry.sources) {
                const el = node instanceof Element ? node : node?.parentElement;
                const name = el ? `${el.tagName.toLowerCase()}#${el.id}.${el.className}` : 'a removed node';
                moved.push(`${name} @${String(Math.round(entry.startTime))} ms: ${box(previousRect)} -> ${box(currentRect)}`);
              }
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => {
            resolve({ sum, moved });
          }, 500);
        }),
    );
    expect(shift.sum, shift.moved.join('; ')).toBe(0);
    await guess(page, 'zzzz');
    expect((await counts(page)).wrong).toBe('1/8');
  });

  it('keeps every guess and the text typed while the app starts, also on a slow phone', async () => {
    // The server's box works before the app (features/game/island.ts), and the app takes the
    // page over when the player pauses or guesses (main.ts): whatever the moment it takes the box
    // over, no guess is lost or counted twice and the text being typed stays in the box.
    for (const slowdown of [1, 1, 4, 4, 6]) {
      const page = await browser.newPage({ baseURL: server.url, viewport: { width: 375, height: 812 } });
      page.setDefaultTimeout(8000);
      try {
        await page.addInitScript(() => {
          localStorage.setItem('howToPlayModalShown', 'true');
        });
        if (slowdown > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
        await page.goto('/', { waitUntil: 'commit' });
        const input = page.locator('#guess');
        for (const text of ['zzzz', 'yyyy']) {
          await input.fill(text);
          await input.press('Enter');
        }
        await input.pressSequentially('Mar');
        await page.locator('form#early-guess').waitFor({ state: 'detached' });
        await page.getByTestId('count-wrong').filter({ hasText: '2/8' }).waitFor();
        await page.waitForTimeout(300);
        expect(await counts(page), `CPU ${slowdown}x`).toMatchObject({ wrong: '2/8', correct: '0/10' });
        expect(await input.inputValue(), `CPU ${slowdown}x`).toBe('Mar');
        expect(await page.evaluate(() => document.activeElement?.id), `CPU ${slowdown}x`).toBe('guess');
      } finally {
        await page.context().close();
      }
    }
  }, 90_000);

  it('wins, submits once, shows stats and shares the core text via the clipboard', async () => {
    const page = await openGame();
    expect(await page.getByTestId('prompt').textContent()).toBe('Bodies orbiting the __ sun');
    // Wide: two columns side by side, 16 fire icons.
    const game = await page.getByRole('region', { name: 'Game' }).boundingBox();
    const answers = await page.getByRole('region', { name: 'Answers' }).boundingBox();
    expect(answers && game && answers.x > game.x + game.width - 1).toBe(true);
    expect(await visibleFlames(page)).toBe(16);
    expect(await page.title()).toBe('Lavalist');
    await guess(page, 'mercury');
    expect(await resultLine(page)).toBe('mercury is correct!');
    await guess(page, 'terra');
    await page.getByText('Alternative wording for Earth').waitFor();
    await guess(page, 'mercury');
    expect(await resultLine(page)).toBe('mercury is correct, but you already guessed it!');
    await guess(page, 'jupitr');
    await page.getByText('Auto-corrected to Jupiter').waitFor();
    for (const name of ITEMS.filter((n) => !['Mercury', 'Earth', 'Jupiter'].includes(n))) await guess(page, name);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Survived!' }).waitFor();
    expect(await dialog.getByTestId('final-score').textContent()).toBe('1000');
    await dialog.getByTestId('stats').waitFor();
    expect(await dialog.getByTestId('stats').textContent()).toContain('Players1');
    expect(await storedStreak(server, await userKeyOf(page))).toBe(1);
    await page.getByTestId('countdown').first().waitFor();
    expect(await page.getByTestId('countdown').first().textContent()).toMatch(/^Next game in \d\d:\d\d:\d\d$/);
    await screenshot(page, 'game-over-1280x800');
    await dialog.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Results copied to clipboard!').waitFor();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    const day = await page.getByTestId('header-title').textContent();
    // The only player: no rarest-find line (every rate would be 100 %, and below the minimum
    // sample there are none); the rank and the distribution wait for more players
    // (endscreen.e2e.ts).
    // The link carries the stored result's signed parameter (server/src/domains/previews/token.rs).
    expect(shared.replace(/\?r=[A-Za-z0-9_-]{27}\n/, '\n')).toBe(
      `🌋 Lavalist ${server.url}/\n${day ?? ''} - ${TODAY_PROMPT}\n${'🟡'.repeat(10)}\nScore: 1000\nYou survived!`,
    );
    expect(shared.split('\n')[0]).toMatch(/\?r=[A-Za-z0-9_-]{27}$/);
    expect(await dialog.getByTestId('standing').textContent()).toBe("You're the first to finish today");
    await expectNoSeriousA11y(page, 'game over modal');
  });

  it('loses after 8 wrong guesses, with repeated wrong guesses not counted', async () => {
    const page = await openGame('/', { mobile: true });
    await screenshot(page, 'home-375x812');
    // Narrow: one column, nothing wider than the screen, 8 fire icons.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await visibleFlames(page)).toBe(8);
    await guess(page, 'pizza');
    await guess(page, 'PIZZA!');
    expect(await resultLine(page)).toBe('PIZZA! is still not correct.');
    expect((await counts(page)).wrong).toBe('1/8');
    for (const wrong of ['moon', 'sun', 'comet', 'asteroid', 'star', 'galaxy', 'nebula']) await guess(page, wrong);
    await page.getByRole('dialog').getByRole('heading', { name: 'You Erupted!' }).waitFor();
    expect(await page.getByTestId('lava').count()).toBe(1);
    await screenshot(page, 'game-over-375x812');
    expect(await page.getByTestId('result').textContent()).toBe('You Erupted!');
  });

  it("gives up only after 'You sure?', then offers 'See Stats'", async () => {
    const page = await openGame();
    await guess(page, 'venus');
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Erupted!' }).waitFor();
    expect(await dialog.getByTestId('final-score').textContent()).toBe('100');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The next steps stand where the guess box was.
    await page.getByRole('navigation', { name: 'What next' }).getByRole('button', { name: 'Share' }).waitFor();
    expect(await page.locator('#guess').count()).toBe(0);
    await page.getByRole('button', { name: 'See Stats' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'You Erupted!' }).waitFor();
  });

  it('gives hints to the first unfound items and stops at five', async () => {
    const page = await openGame();
    await guess(page, 'mercury');
    const hint = async (type: string) => {
      await page.getByRole('button', { name: /^Hint\? / }).click();
      await page.getByRole('menuitem', { name: type }).click();
    };
    await hint('First Letter Hint');
    expect(await page.getByTestId('slot').nth(1).textContent()).toContain('Starts with V');
    await hint('Length Hint');
    expect(await page.getByTestId('slot').nth(1).textContent()).toContain('Starts with V · 5 letters');
    await hint('Length Hint');
    await hint('First Letter Hint');
    await hint('First Letter Hint');
    expect(await page.getByRole('button', { name: 'Hint? (5/5)' }).isDisabled()).toBe(true);
    expect((await counts(page)).score).toBe('50');
  });

  it('restores progress after a reload', async () => {
    const page = await openGame();
    await guess(page, 'saturn');
    await guess(page, 'pizza');
    await page.reload();
    await page.getByTestId('prompt').waitFor();
    expect(await counts(page)).toEqual({ correct: '1/10', wrong: '1/8', score: '90' });
    expect(await page.getByTestId('wrong-guesses').textContent()).toBe('pizza');
  });

  it("moves to the next day's fresh game at midnight New York", async () => {
    context = await newContext(browser, server);
    const page = await context.newPage();
    // Five seconds before today's midnight in New York (EST/EDT both covered by the offset search).
    const midnightUtc = [4, 5].map((h) => Date.parse(`${server.today}T0${String(h)}:00:00Z`)).find((t) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', hour: '2-digit', hourCycle: 'h23' }).format(t) === '00',
    );
    if (midnightUtc === undefined) throw new Error('no New York midnight found');
    await page.clock.install({ time: midnightUtc - 5000 });
    await page.goto('/');
    await page.getByTestId('prompt').waitFor();
    const yesterday = pastPrompt(1);
    expect(await page.getByTestId('prompt').textContent()).toBe(yesterday.charAt(0).toUpperCase() + yesterday.slice(1));
    await guess(page, 'mars');
    expect((await counts(page)).correct).toBe('1/10');
    await page.clock.runFor(7000);
    await page.waitForFunction((p) => document.querySelector('[data-testid=prompt]')?.textContent === p, 'Bodies orbiting the __ sun');
    expect((await counts(page)).correct).toBe('0/10');
  });
});

describe('routes', () => {
  it('redirects invalid and not-yet-past archive dates to /', async () => {
    const page = await open('/archive/2024-02-30');
    await page.waitForURL(`${server.url}/`);
    await page.goto(`/archive/${server.today}`);
    await page.waitForURL(`${server.url}/`);
    await page.goto('/nowhere/at/all');
    await page.waitForURL(`${server.url}/`);
    const yesterday = addDays(server.today, -1);
    await page.goto(`/archive/${yesterday}`);
    await page.getByTestId('prompt').waitFor();
    expect(page.url()).toBe(`${server.url}/archive/${yesterday}`);
    expect(await page.getByTestId('submitter').textContent()).toMatch(/^Archive Day \d+ by alice$/);
    expect(await page.title()).toMatch(/^Lavalist Archive - Day \d+$/);
    // The calendar marks the day from the local save once it is over.
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Archive calendar' }).click();
    // The calendar opens on this month; on the 1st, yesterday is a month back.
    if (yesterday.slice(0, 7) !== server.today.slice(0, 7)) await page.getByRole('button', { name: 'Previous month' }).click();
    const lost = page.locator('[data-testid=calendar-day][data-result=lost]');
    await lost.waitFor();
    expect(await lost.count()).toBe(1);
    expect(await lost.getAttribute('href')).toBe(`/archive/${yesterday}`);
    const locale = await page.evaluate(() => navigator.language);
    expect(await lost.getAttribute('aria-label')).toBe(`${formatDate(yesterday, {}, locale)}, erupted`);
    await expectNoSeriousA11y(page, 'calendar');
  });

  it('plays a community game and its result reaches the server', async () => {
    const page = await openGame(`/community/${COMMUNITY_UID}`);
    expect(await page.getByTestId('submitter').textContent()).toBe('Community Game by carol');
    const before = await communityPlayers(server, COMMUNITY_UID);
    for (const name of ITEMS) await guess(page, name);
    await page.getByRole('dialog').getByRole('heading', { name: 'You Survived!' }).waitFor();
    await poll(async () => (await communityPlayers(server, COMMUNITY_UID)) === before + 1, 'the community result');
    await page.reload();
    await page.getByTestId('prompt').waitFor();
    expect(await page.getByTestId('result').textContent()).toBe('You Survived!');
    // Explore marks the finished game from the local save.
    await page.goto('/explore/community');
    await page.getByTestId('finished-icon').waitFor();
    expect(await page.getByTestId('game-card').filter({ has: page.getByTestId('finished-icon') }).textContent()).toContain('Moons of __ Jupiter');
  });

  it('pages and searches the explore lists', async () => {
    const page = await open('/explore');
    await page.getByTestId('game-card').first().waitFor();
    expect(await page.getByTestId('game-card').count()).toBe(12);
    // The seed may add days beyond the fixture's: the server's totals are the reference.
    const total = async (search = '') =>
      ((await (await fetch(`${server.url}/api/previous-days-paginated?limit=1&search=${search}`)).json()) as { total: number }).total;
    const all = await total();
    expect(all).toBeGreaterThanOrEqual(DAYS_BACK);
    const pages = Math.ceil(all / 12);
    expect(await page.getByTestId('page-of').textContent()).toBe(`Page 1 of ${String(pages)}`);
    expect(await page.getByTestId('game-card').first().textContent()).toContain(pastPrompt(1).slice(1));
    await screenshot(page, 'explore-1280x800');
    await expectNoSeriousA11y(page, 'explore');
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\/explore\/archive\/2$/);
    await page.getByText('Page 2 of').waitFor();
    await page.getByLabel('Search prompts').fill('volcano');
    const volcanoes = await total('volcano');
    expect(volcanoes).toBeGreaterThanOrEqual(volcanoDays());
    // A new search starts again at page 1.
    await page.waitForURL(/\/explore\/archive\?search=volcano$/);
    await page.waitForFunction(
      (n) => Array.from(document.querySelectorAll('[data-testid=game-card]')).filter((c) => /volcano/i.test(c.textContent)).length === n,
      Math.min(volcanoes, 12),
    );
    expect(await page.getByTestId('game-card').count()).toBe(Math.min(volcanoes, 12));
    // The search stays on when switching lists.
    await page.getByRole('link', { name: 'Community' }).click();
    await page.getByText('Volcano planets').waitFor();
    expect(await page.getByTestId('game-card').count()).toBe(1);
    await page.getByLabel('Search prompts').fill('');
    await page.getByText('Moons of __ Jupiter').waitFor();
    expect(await page.getByTestId('page-of').count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'explore-375x812');
  });
});

describe('settings, first visit and accessibility', () => {
  it('opens how-to-play once and keeps settings across reloads', async () => {
    const page = await open('/', { firstVisit: true });
    await page.getByRole('dialog').getByRole('heading', { name: 'How to play' }).waitFor();
    await expectNoSeriousA11y(page, 'how to play');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expectNoSeriousA11y(page, 'settings');
    await page.getByLabel('Do not include the full URL in results').check();
    await page.getByLabel('High contrast colours').check();
    await page.reload();
    await page.getByTestId('prompt').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.contrast)).toBe('high');
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    expect(await page.getByLabel('Do not include the full URL in results').isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Share' }).click();
    await page.getByText('Results copied to clipboard!').waitFor();
    expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n')[0]).toBe('🌋 Lavalist');
  });

  it('plays with the keyboard alone', async () => {
    const page = await openGame();
    await screenshot(page, 'home-1280x800');
    await expectNoSeriousA11y(page, 'home');
    // The guess field has focus on arrival.
    await page.keyboard.type('neptune');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=count-correct]')?.textContent === '1/10');
    await page.keyboard.press('Tab'); // Guess
    await page.keyboard.press('Tab'); // Give Up
    await page.keyboard.press('Tab'); // Hint?
    await page.keyboard.press('Enter');
    // The menu's list is a lazy chunk: on a loaded machine it may still be on its way.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await page.keyboard.press('Enter'); // First Letter Hint has focus
    await page.waitForFunction(() => document.querySelector('[data-testid=slot]:nth-child(2)')?.textContent.includes('Starts with M'));
    await page.keyboard.press('Shift+Tab'); // back to Give Up
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('heading', { name: 'You Erupted!' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('offline', () => {
  it('guesses with the network cut, survives an offline reload, and sends the result after reconnecting', async () => {
    const page = await openGame();
    const key = await userKeyOf(page);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // The service worker has stored the app and today's game. Polled from here: waitForFunction
    // does not await an async predicate (its promise is truthy at once).
    const stored = () =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const keys = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat();
        const paths = keys.map((r) => new URL(r.url).pathname);
        return paths.includes('/index.html') && paths.some((p) => p.startsWith('/api/game/date/')) && paths.some((p) => p.endsWith('.wasm'));
      });
    await poll(stored, 'the app and today\'s game in the service worker cache');
    await context?.setOffline(true);
    for (const name of ITEMS.slice(0, 5)) await guess(page, name);
    await page.reload();
    await page.getByTestId('prompt').waitFor();
    expect((await counts(page)).correct).toBe('5/10');
    for (const name of ITEMS.slice(5, 9)) await guess(page, name);
    await guess(page, 'pluto');
    await guess(page, ITEMS[9] ?? '');
    await page.getByRole('dialog').getByRole('heading', { name: 'You Survived!' }).waitFor();
    await page.getByTestId('submit-pending').waitFor();
    expect(await storedStreak(server, key)).toBe(0);
    await context?.setOffline(false);
    await poll(async () => (await storedStreak(server, key)) === 1, 'the result after reconnecting');
    await page.getByTestId('stats').waitFor();
  });
});
