/**
 * The userKey is a bearer secret (logging in with it claims this browser's results), so no
 * request the front end makes carries it in a URL, where proxy and access logs keep it (issue 21).
 * A guest plays today's game with a wrong guess, sees the stats, disputes the guess, comes back
 * (its disputes are asked for), plays an archive day, opens the calendar and plays a community
 * game; every request of the browser context (page and service worker) is recorded, and none
 * holds the key.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, COMMUNITY_UID, ITEMS } from './fixture.ts';
import { ARTIFACTS, guess, launchBrowser, newContext, startServer, type Server } from './harness.ts';

let server: Server;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await newContext(browser, server);
});

afterAll(async () => {
  await context.close();
  await browser.close();
  server.stop();
});

describe('the userKey never travels in a URL', () => {
  it('is in no request URL of a play, its stats, a dispute, the archive and a community game', async () => {
    const urls: string[] = [];
    context.on('request', (request) => urls.push(request.url()));
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });

    await page.goto('/');
    await page.getByTestId('prompt').waitFor();
    await guess(page, 'Vulcan');
    for (const name of ITEMS) await guess(page, name);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Survived!' }).waitFor();
    expect(await dialog.getByTestId('stats').textContent()).toContain('Played streak1');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'I was right: dispute “Vulcan”' }).click();
    await page.getByRole('button', { name: '“Vulcan” disputed' }).waitFor();
    // Back later: the finished game asks for this browser's disputes, and the stats again.
    await page.reload();
    await page.getByTestId('prompt').waitFor();
    await expect.poll(() => urls.some((u) => new URL(u).pathname === '/api/disputes')).toBe(true);

    const yesterday = addDays(server.today, -1);
    await page.goto(`/archive/${yesterday}`);
    await page.getByTestId('prompt').waitFor();
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    await page.getByRole('dialog').getByTestId('stats').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Archive calendar' }).click();
    await page.locator('[data-testid=calendar-day]').first().waitFor();

    await page.goto(`/community/${COMMUNITY_UID}`);
    await page.getByTestId('prompt').waitFor();
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    await page.getByRole('dialog').getByTestId('stats').waitFor();

    const key = await page.evaluate(() => localStorage.getItem('userKey') ?? '');
    expect(key.length).toBeGreaterThan(8);
    const paths = urls.map((u) => new URL(u).pathname);
    // The flow did read what the key unlocks: stats of a day and of a community game, disputes.
    expect(paths).toContain('/api/game/stats');
    expect(paths).toContain(`/api/game/community-stats/${COMMUNITY_UID}`);
    expect(paths).toContain('/api/disputes');
    const leaks = urls.filter((u) => u.includes(key) || u.includes(encodeURIComponent(key)) || /userkey/i.test(u));
    expect(leaks).toEqual([]);
  });
});
