/**
 * History that follows an account (issue 11), end to end in Chromium with two browser contexts
 * as two devices: a guest plays today's game, signs up (the account claims that result), and the
 * second device, logged in, shows the same finished game and streak. A second player's
 * unfinished game continues on the other device, and a game that went differently on two
 * devices keeps the server's copy and says so. Axe and screenshots at 375 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ITEMS } from './fixture.ts';
import {
  ARTIFACTS,
  codeIn,
  counts,
  expectNoSeriousA11y,
  guess,
  launchBrowser,
  newContext,
  newestMail,
  openLoggedIn,
  registerAccount,
  screenshot,
  startServer,
  storedStreak,
  type Account,
  type ContextOptions,
  type Server,
} from './harness.ts';

let server: Server;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser.close();
  server.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function guestGame(options: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, server, options);
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto('/');
  await page.getByTestId('prompt').waitFor();
  return page;
}

async function device(account: Account, options: ContextOptions = {}): Promise<Page> {
  const { context, page } = await openLoggedIn(browser, server, account, '/', options);
  contexts.push(context);
  await page.getByTestId('prompt').waitFor();
  return page;
}

/** The description of the newest toast titled `title` (waits for it). */
async function toastNamed(page: Page, title: string): Promise<string> {
  const toast = page.locator('.toast').filter({ has: page.locator('p.font-semibold', { hasText: title }) }).last();
  try {
    await toast.waitFor();
  } catch (error) {
    throw new Error(`no '${title}' toast; toasts: ${JSON.stringify(await page.locator('.toast').allTextContents())}`, { cause: error });
  }
  return ((await toast.locator('p.text-sm').textContent({ timeout: 500 }).catch(() => '')) ?? '').trim();
}

/** Signs up through the login modal, as a player would. */
async function signUp(page: Page, username: string): Promise<Account> {
  const account = { email: `${username.toLowerCase()}@example.com`, password: `Lava-${username}-e2e-2026`, token: '' };
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Login / Sign Up' }).click();
  await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByRole('dialog', { name: 'Sign Up' });
  await signup.getByLabel('Username').fill(username);
  await signup.getByLabel('E-mail').fill(account.email);
  await signup.getByLabel('Password', { exact: true }).fill(account.password);
  await signup.getByLabel('Confirm password').fill(account.password);
  await signup.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  const sentAt = Date.now() - 1000;
  await signup.getByRole('button', { name: 'Send Verification Code' }).click();
  const code = page.getByRole('dialog', { name: 'Verify Your E-mail' }).getByLabel('Verification code');
  await code.fill(codeIn(await newestMail(server, account.email, sentAt)));
  await code.press('Enter');
  return account;
}

/** The server's copy of today's game for an account. */
async function serverLog(account: Account): Promise<unknown[]> {
  const response = await fetch(`${server.url}/api/progress?date=${server.today}`, { headers: { Authorization: `Bearer ${account.token}` } });
  const body = (await response.json()) as { actions: unknown[] };
  return body.actions;
}

async function poll(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('history that follows an account', () => {
  it('a guest plays, signs up, and the second device shows the same finished game and streak', async () => {
    const phone = await guestGame();
    for (const name of ITEMS) await guess(phone, name);
    const dialog = phone.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Survived!' }).waitFor();
    expect(await dialog.getByTestId('stats').textContent()).toContain('Played streak1');
    const phoneKey = await phone.evaluate(() => localStorage.getItem('userKey') ?? '');
    expect(await storedStreak(server, phoneKey)).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const account = await signUp(phone, 'Wanderer');
    expect(await toastNamed(phone, 'Account Verified!')).toContain('1 result from this browser moved to your account.');
    expect(await storedStreak(server, phoneKey)).toBe(0); // the account's now, not this browser's

    const laptop = await device(account, { mobile: true });
    await poll(async () => (await counts(laptop)).correct.startsWith('10'), 'the finished game on the laptop');
    expect(await laptop.getByTestId('count-score').textContent()).toBe('1000');
    await laptop.getByRole('button', { name: 'See Stats' }).click();
    const stats = laptop.getByRole('dialog').getByTestId('stats');
    await stats.waitFor();
    expect(await stats.textContent()).toContain('Played streak1');
    expect(await stats.textContent()).toContain('Players1'); // one result, whichever device shows it
    await screenshot(laptop, 'history-second-device-375x812');
    await expectNoSeriousA11y(laptop, 'finished game on a second device');
  });

  it('an unfinished game continues on the other device; a diverged one keeps the server copy', async () => {
    const account = await registerAccount(server, 'Commuter');
    const phone = await device(account, { mobile: true });
    await guess(phone, 'mercury');
    await guess(phone, 'venus');
    await poll(async () => (await serverLog(account)).length === 2, 'the phone’s log on the server');

    const laptop = await device(account);
    await toastNamed(laptop, 'Continued from your other device');
    expect((await counts(laptop)).correct).toMatch(/^2/);
    await screenshot(laptop, 'history-continued-1280x800');
    await expectNoSeriousA11y(laptop, 'continued game');

    await guess(laptop, 'earth');
    await poll(async () => (await serverLog(account)).length === 3, 'the laptop’s guess on the server');
    await guess(phone, 'pizza'); // the phone never saw 'earth': the two logs went different ways
    await toastNamed(phone, "This game went differently on another device; we kept the server's copy");
    await poll(async () => (await counts(phone)).correct.startsWith('3'), 'the server’s copy on the phone');
    expect((await counts(phone)).wrong).toMatch(/^0/);
    await screenshot(phone, 'history-diverged-375x812');
    await expectNoSeriousA11y(phone, 'diverged game');
  });
});
