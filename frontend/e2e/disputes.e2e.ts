/**
 * "I was right" end to end, in real Chromium against the real server: a guest finishes a
 * community game of Southern African countries having typed "Eswatini" (Swaziland's name since
 * 2018, which the list did not foresee), disputes it; an admin accepts it in the Disputes tab as
 * a spelling of Swaziland; the guest's next load replays the game into a win, with a toast, and
 * the server's result, score and stats change with it.
 *
 * ("Türkiye" for "Turkey", the example, is already read as Turkey by the fuzzy rule: two
 * edits, within the tolerance of a six-letter name. "Eswatini" is a real alternative name that
 * no rule can guess.)
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, codeIn, expectNoSeriousA11y, guess, launchBrowser, newContext, newestMail, screenshot, startServer, toastTitles, type Server } from './harness.ts';

const COUNTRIES = ['South Africa', 'Namibia', 'Botswana', 'Zimbabwe', 'Mozambique', 'Lesotho', 'Swaziland', 'Angola', 'Zambia', 'Malawi'];
const PROMPT = 'e2e disputes: countries of Southern Africa';
const PASSWORD = 'Lava-Disputes-e2e-2026';
const ADMIN_EMAIL = 'disputesadmin@example.com';

let server: Server;
let browser: Browser;
let adminToken = '';
let uid = '';
let guest: BrowserContext;
let guestPage: Page;
let guestKey = '';

interface Stats {
  stats: Record<string, number>;
  standing: { kind: string } | null;
  playerCount: number;
  averageScore: number | null;
}

async function api<T>(method: string, path: string, body?: unknown, token?: string, userKey?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(userKey ? { 'X-User-Key': userKey } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${data.error ?? ''}`);
  return data;
}

/** Signs up through the API (code from the outbox), grants admin with the CLI; returns the token. */
async function signUpAdmin(): Promise<string> {
  const body = { username: 'DisputesAdmin', email: ADMIN_EMAIL, password: PASSWORD, adult: true };
  const { signupToken } = await api<{ signupToken: string }>('POST', '/api/auth/request-code', body);
  const code = codeIn(await newestMail(server, ADMIN_EMAIL));
  const { token } = await api<{ token: string }>('POST', '/api/auth/verify-code', { email: ADMIN_EMAIL, code, signupToken });
  server.cli(['admin', 'grant', ADMIN_EMAIL]);
  return token;
}

const guestStats = () => api<Stats>('GET', `/api/game/community-stats/${uid}`, undefined, undefined, guestKey);

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // The regrade's effect is read in one player's figures: no minimum sample here.
  [server, browser] = await Promise.all([startServer(undefined, { LAVALIST_STATS_MIN_PLAYERS: '1' }), launchBrowser()]);
  adminToken = await signUpAdmin();
  const items = Object.fromEntries(COUNTRIES.map((name) => [name, []]));
  ({ uid } = await api<{ uid: string }>('POST', '/api/game/upload', { prompt: PROMPT, items, type: 'community', public: false }, adminToken));
  await api('POST', `/api/admin/review-game/${uid}`, { approved: true }, adminToken);
});

afterAll(async () => {
  await guest.close();
  await browser.close();
  server.stop();
});

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `${name}-375x812`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280x800`);
}

describe('disputes', () => {
  it('lets a guest dispute a wrong guess of a finished game, once', async () => {
    guest = await newContext(browser, server);
    guestPage = await guest.newPage();
    const page = guestPage;
    await page.goto(`/community/${uid}`);
    for (const name of COUNTRIES.filter((n) => n !== 'Swaziland')) await guess(page, name);
    await guess(page, 'Eswatini');
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Erupted!' }).waitFor();
    expect(await dialog.getByTestId('final-score').textContent()).toBe('890');
    await dialog.getByTestId('stats').waitFor(); // the result is stored
    await dialog.getByRole('button', { name: 'Close' }).click();
    guestKey = await page.evaluate(() => localStorage.getItem('userKey') ?? '');

    const before = await guestStats();
    expect([before.playerCount, before.averageScore, before.stats['7']]).toEqual([1, 890, 0]);

    const button = page.getByRole('button', { name: 'I was right: dispute “Eswatini”' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '“Eswatini” disputed' }).waitFor();
    expect(await page.getByRole('button', { name: '“Eswatini” disputed' }).isDisabled()).toBe(true);
    await expect.poll(() => toastTitles(page)).toContain('You disputed “Eswatini”');
    await expectNoSeriousA11y(page, 'finished game with a disputed guess');
    await shoot(page, 'disputes-guest-disputed');
  });

  it('shows the dispute in the admins’ Disputes tab, where accepting regrades the game', async () => {
    const context = await newContext(browser, server);
    try {
      const page = await context.newPage();
      await page.goto('/explore/archive');
      await page.getByRole('button', { name: 'Options' }).click();
      await page.getByRole('menuitem', { name: 'Login / Sign Up' }).click();
      const login = page.getByRole('dialog');
      await login.getByLabel('E-mail').fill(ADMIN_EMAIL);
      await login.getByLabel('Password').fill(PASSWORD);
      await login.getByRole('button', { name: 'Log In' }).click();
      await login.waitFor({ state: 'detached' });
      await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Disputes' }).click();
      await page.waitForURL('**/explore/disputes');
      const group = page.getByTestId('dispute-group').filter({ hasText: '“Eswatini”' });
      await group.waitFor();
      expect(await group.textContent()).toContain('1 player');
      await group.getByLabel('Add as a spelling of').selectOption({ label: 'Swaziland' });
      await expectNoSeriousA11y(page, 'Disputes tab');
      await shoot(page, 'disputes-admin');
      await group.getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => toastTitles(page)).toContain('“Eswatini” accepted');
      await page.getByText('No open disputes.').waitFor();
    } finally {
      await context.close();
    }
    const after = await guestStats();
    expect([after.playerCount, after.averageScore, after.stats['7'], after.standing]).toEqual([1, 1000, 1, { kind: 'first' }]);
  });

  it("replays the guest's game on the next load, with a toast", async () => {
    const page = guestPage;
    await page.reload();
    await expect.poll(() => toastTitles(page)).toContain('Your guess “Eswatini” was accepted');
    await page.getByTestId('result').filter({ hasText: 'You Survived!' }).waitFor();
    expect(await page.getByTestId('count-score').textContent()).toContain('1000');
    expect(await page.getByTestId('wrong-guesses').textContent()).toBe('');
    await expectNoSeriousA11y(page, 'regraded game');
    await shoot(page, 'disputes-guest-regraded');
    // Once only.
    await page.reload();
    await page.getByTestId('result').filter({ hasText: 'You Survived!' }).waitFor();
    await page.waitForTimeout(500);
    expect(await toastTitles(page)).not.toContain('Your guess “Eswatini” was accepted');
  });
});
