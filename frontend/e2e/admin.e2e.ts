/**
 * Admin tools end to end, in real Chromium against the real server: accounts made through the
 * real sign-up API (code read from the mail outbox), admin granted with `lavalist admin grant`,
 * the browser logged in through the login modal. Tests run in order and build on each other.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, ARTIFACTS, codeIn, expectNoSeriousA11y, guess, newestMail, resultLine, launchBrowser, newContext, screenshot, startServer, type ContextOptions, type Server } from './harness.ts';
import { formatDate } from '../src/lib/dates.ts';

let server: Server;
let browser: Browser;
let context: BrowserContext | undefined;

interface Account {
  username: string;
  email: string;
  password: string;
  token: string;
}

let admin: Account;
let player: Account;

const VOLCANOES = {
  prompt: 'e2e review: volcanoes of the world',
  items: ['Etna', 'Vesuvius', 'Fuji', 'Krakatoa', 'Pinatubo', 'Stromboli', 'Hekla', 'Kilauea', 'Rainier', 'Erebus'],
};
const RIVERS = {
  prompt: 'e2e review: longest rivers',
  items: ['Nile', 'Amazon', 'Yangtze', 'Mississippi', 'Yenisei', 'Yellow', 'Ob', 'Congo', 'Amur', 'Lena'],
};
let volcanoUid = '';
let riversUid = '';
let volcanoDate = '';

const api = <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => apiJson<T>(server, method, path, body, token);

async function signUp(username: string): Promise<Account> {
  const email = `${username.toLowerCase()}@example.com`;
  const password = `Lava-${username}-e2e-2026`;
  const { signupToken } = await api<{ signupToken: string }>('POST', '/api/auth/request-code', { username, email, password, adult: true });
  const { token } = await api<{ token: string }>('POST', '/api/auth/verify-code', {
    email,
    code: codeIn(await newestMail(server, email)),
    signupToken,
  });
  return { username, email, password, token };
}

async function upload(game: { prompt: string; items: string[] }, token: string): Promise<string> {
  const items = Object.fromEntries(game.items.map((name) => [name, []]));
  const { uid } = await api<{ uid: string }>('POST', '/api/game/upload', { prompt: game.prompt, items, type: 'community', public: false }, token);
  return uid;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [admin, player] = [await signUp('RootAdmin'), await signUp('Uploader')];
  server.cli(['admin', 'grant', admin.email]);
  volcanoUid = await upload(VOLCANOES, player.token);
  riversUid = await upload(RIVERS, player.token);
});

afterAll(async () => {
  await browser.close();
  server.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A fresh browser, logged in through the login modal (Options → Login / Sign Up). */
async function openAs(account: Account | null, path: string, options: ContextOptions = {}): Promise<Page> {
  context = await newContext(browser, server, options);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto('/explore/archive');
  if (account) {
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Login / Sign Up' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Login successful').waitFor();
    await dialog.waitFor({ state: 'detached' });
  }
  await page.goto(path);
  return page;
}

const card = (page: Page, prompt: string) => page.getByTestId('game-card-item').filter({ hasText: new RegExp(prompt.slice(1), 'i') });
const menuButton = (page: Page, prompt: string) => card(page, prompt).getByRole('button', { name: /^Admin actions for/ });
const menuItem = (page: Page, name: string) => page.getByRole('menu', { name: 'Admin actions' }).getByRole('menuitem', { name: new RegExp(`^${name}`) });

async function tabs(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Lists' }).getByRole('link').allTextContents();
}

describe('admin review flow', () => {
  it('shows the uploads in Review Games with a keyboard-accessible card menu', async () => {
    const page = await openAs(admin, '/explore/archive');
    await page.getByRole('link', { name: 'Review Games' }).click();
    await page.waitForURL('**/explore/review');
    expect(await tabs(page)).toEqual(['Daily Archive', 'Community', 'Future Days', 'Review Games', 'Reports', 'Hidden Games', 'Insights', 'Disputes']);
    await card(page, VOLCANOES.prompt).waitFor();
    await card(page, RIVERS.prompt).waitFor();
    await screenshot(page, 'admin-review-1280x800');
    // Keyboard: focus the menu button, ArrowDown opens on the first item, Escape closes.
    await menuButton(page, VOLCANOES.prompt).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Make Daily');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Approve');
    expect(await menuItem(page, 'Approve').getAttribute('aria-disabled')).toBeNull();
    await screenshot(page, 'admin-review-menu-1280x800');
    await expectNoSeriousA11y(page, 'review list with an open card menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
  });

  it('approves one game, which then shows in Community with Approve disabled, and makes it daily after a confirm', async () => {
    const page = await openAs(admin, '/explore/review');
    await menuButton(page, VOLCANOES.prompt).click();
    await menuItem(page, 'Approve').click();
    await page.getByText('Game approved successfully!').waitFor();
    await card(page, VOLCANOES.prompt).waitFor({ state: 'detached' });
    await card(page, RIVERS.prompt).waitFor();

    await page.getByRole('link', { name: 'Community', exact: true }).click();
    await menuButton(page, VOLCANOES.prompt).click();
    expect(await menuItem(page, 'Approve').getAttribute('aria-disabled')).toBe('true');
    expect(await menuItem(page, 'Approve').textContent()).toContain('Already approved');
    await menuItem(page, 'Make Daily').click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Are you sure you want to make this game the daily game?');
    // The picker starts on the first free day, which the dialog names.
    const { date: firstFree } = await api<{ date: string }>('GET', '/api/admin/next-daily-date', undefined, admin.token);
    await expect.poll(() => confirm.getByLabel('Day').inputValue()).toBe(firstFree);
    const locale = await page.evaluate(() => navigator.language);
    expect(await confirm.getByTestId('daily-date-status').textContent()).toContain(formatDate(firstFree, { weekday: true }, locale));
    await confirm.getByRole('button', { name: 'Make Daily' }).click();
    await page.getByText('Game made daily successfully!').waitFor();
    const stored = await api<{ daily_date?: string }>('GET', `/api/game/edit/${volcanoUid}`, undefined, admin.token);
    volcanoDate = stored.daily_date ?? '';
    expect(volcanoDate).toBe(firstFree);
    expect(volcanoDate > server.today).toBe(true);
    const description = (await page.locator('.toast').filter({ hasText: 'Game made daily successfully!' }).textContent()) ?? '';
    expect(description).toContain(`It is the daily game of ${formatDate(volcanoDate, { weekday: true }, locale)}.`);
    // The refreshed list marks it as a daily game.
    await card(page, VOLCANOES.prompt).getByTitle(`Also a daily game on ${formatDate(volcanoDate, {}, locale)}`).waitFor();
  });

  it('edits an item in edit/{uid}; the change is there when playing', async () => {
    const page = await openAs(admin, `/edit/${volcanoUid}`);
    await page.getByRole('heading', { name: 'Edit Game' }).waitFor();
    expect(await page.getByLabel('Prompt').inputValue()).toBe(VOLCANOES.prompt);
    await page.getByLabel('Item 10 name').fill('Mount Erebus');
    await page.getByLabel('Item 10 alternative spellings').fill(' Ross Island volcano, , Erebus ');
    await page.getByText('2 accepted: Ross Island volcano · Erebus').waitFor();
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await screenshot(page, 'admin-edit-1280x800');
    await expectNoSeriousA11y(page, 'editor');
    // Empty after trimming: refused before anything is sent; filling it in clears the error.
    await page.getByLabel('Prompt').fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByTestId('edit-error').getByText('Fill out all fields').waitFor();
    expect(await page.getByLabel('Prompt').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Prompt').fill(VOLCANOES.prompt);
    await page.getByTestId('edit-error').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Game updated successfully!').waitFor();
    // A daily game: played on its (future) day, which admins may open.
    await page.waitForURL(`**/archive/${volcanoDate}`);
    await page.getByTestId('prompt').waitFor();
    await guess(page, 'Ross Island volcano');
    expect(await resultLine(page)).toContain('Ross Island volcano is correct!');
    await page.getByTestId('slot').filter({ hasText: 'Mount Erebus' }).waitFor();
    const stored = await api<{ items: { id: number; name: string; altSpellings: string[] }[] }>('GET', `/api/game/edit/${volcanoUid}`, undefined, admin.token);
    expect(stored.items[9]).toEqual({ id: 10, name: 'Mount Erebus', altSpellings: ['Ross Island volcano', 'Erebus'] });
  });

  it('shows the editor on a phone', async () => {
    const page = await openAs(admin, `/edit/${volcanoUid}`, { mobile: true });
    await page.getByLabel('Item 1 name').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-edit-375x812');
  });

  it('hides the other game, which then shows in Hidden Games with Hide disabled', async () => {
    const page = await openAs(admin, '/explore/review', { mobile: true });
    await card(page, RIVERS.prompt).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-review-375x812');
    await menuButton(page, RIVERS.prompt).click();
    await menuItem(page, 'Hide').click();
    await page.getByText('Game hidden successfully!').waitFor();
    await card(page, RIVERS.prompt).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Hidden Games' }).click();
    await menuButton(page, RIVERS.prompt).click();
    expect(await menuItem(page, 'Hide').getAttribute('aria-disabled')).toBe('true');
    expect(await menuItem(page, 'Approve').getAttribute('aria-disabled')).toBeNull();
    // Choosing the disabled item anyway (Playwright itself treats it as not enabled) does nothing.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await menuItem(page, 'Hide').click({ force: true });
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    const hidden = await api<{ games: { uid?: string }[] }>('GET', '/api/admin/review-games?status=denied', undefined, admin.token);
    expect(hidden.games.map((g) => g.uid)).toContain(riversUid);
  });

  it('opens a future day from Future Days', async () => {
    const page = await openAs(admin, '/explore/future');
    const first = page.getByTestId('game-card').first();
    const href = (await first.getAttribute('href')) ?? '';
    const date = /^\/archive\/(\d{4}-\d{2}-\d{2})$/.exec(href)?.[1] ?? '';
    expect(date > server.today).toBe(true);
    await first.click();
    await page.getByTestId('prompt').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/archive/${date}`);
  });

  it("keeps an admin's future day out of the service worker's cache, but stores today's game", async () => {
    const page = await openAs(admin, '/explore/future');
    // The worker controls the page, so the future day's request goes through it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const first = page.getByTestId('game-card').first();
    const date = /^\/archive\/(\d{4}-\d{2}-\d{2})$/.exec((await first.getAttribute('href')) ?? '')?.[1] ?? '';
    expect(date > server.today).toBe(true);
    const futureAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/game/date/${date}`);
    await first.click();
    await page.getByTestId('prompt').waitFor();
    expect((await futureAnswer).fromServiceWorker()).toBe(true);
    await page.goto('/');
    await page.getByTestId('prompt').waitFor();
    const cached = (path: string) =>
      page.evaluate(async (p) => {
        for (const name of await caches.keys()) {
          const keys = await (await caches.open(name)).keys();
          if (keys.some((r) => new URL(r.url).pathname === p)) return true;
        }
        return false;
      }, path);
    // Polled here: the worker is handed today's game once the page is idle, after it registers
    // (two seconds after the load event), and `waitForFunction` took an async predicate's promise
    // for a truthy answer without waiting for it.
    await expect.poll(() => cached(`/api/game/date/${server.today}`), { timeout: 20_000, interval: 200 }).toBe(true);
    expect(await cached(`/api/game/date/${date}`)).toBe(false);
  });
});

describe('game screen for admins and players', () => {
  it('gives admins Show Stats (mid-game) and Edit Game', async () => {
    const page = await openAs(admin, `/archive/${volcanoDate}`);
    await page.getByTestId('prompt').waitFor();
    await page.getByRole('link', { name: 'Edit Game' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit Game' }).getAttribute('href')).toBe(`/edit/${volcanoUid}`);
    await page.getByRole('button', { name: 'Show Stats' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Game Stats' }).waitFor();
    await dialog.getByText('Mount Erebus').waitFor();
    await dialog.getByTestId('stats').waitFor();
    await screenshot(page, 'admin-game-stats-1280x800');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await screenshot(page, 'admin-game-1280x800');
    await page.getByRole('link', { name: 'Edit Game' }).click();
    await page.waitForURL(`**/edit/${volcanoUid}`);
    await page.getByRole('heading', { name: 'Edit Game' }).waitFor();
    // Today's game was never a community game: it opens in the editor by its own uid too.
    await page.goto('/');
    await page.getByTestId('prompt').waitFor();
    const todayPrompt = (await page.getByTestId('prompt').textContent()) ?? '';
    await page.getByRole('link', { name: 'Edit Game' }).click();
    await page.waitForURL('**/edit/*');
    await page.getByRole('heading', { name: 'Edit Game' }).waitFor();
    expect((await page.getByLabel('Prompt').inputValue()).toLowerCase()).toBe(todayPrompt.trim().toLowerCase());
  });

  it('shows neither to a regular user, who may not open a future day or the editor', async () => {
    const page = await openAs(player, '/');
    await page.getByTestId('prompt').waitFor();
    expect(await page.getByRole('button', { name: 'Show Stats' }).count()).toBe(0);
    expect(await page.getByText('Edit Game').count()).toBe(0);
    await page.goto('/explore/archive');
    await page.getByRole('navigation', { name: 'Lists' }).waitFor();
    expect(await tabs(page)).toEqual(['Daily Archive', 'Community']);
    await page.goto('/explore/review');
    await page.waitForURL('**/explore/archive');
    await page.goto(`/archive/${volcanoDate}`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`/edit/${volcanoUid}`);
    await page.getByText('You do not have permission to edit games.').waitFor();
  });
});
