/**
 * Issue 43, point 2, end to end in real Chromium against the real server: a player whose language
 * has no daily edition of its own (Arabic) plays English's daily on `/`, and the archive list and
 * the calendar show English's past days (not "No past days yet"), with the edition picker; a guess
 * read with a typo is worded in Arabic, and the hint keeps its Latin letter in place. Axe on each
 * screen; screenshots at 375 px.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, expectNoSeriousA11y, guess, launchBrowser, newContext, screenshot, startServer, type Server } from './harness.ts';
import { addDays, ITEMS } from './fixture.ts';

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

async function arabicPage(path: string): Promise<Page> {
  const context = await newContext(browser, server, { locale: 'ar', mobile: true });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(path);
  return page;
}

describe('an Arabic player, whose language has no daily edition', () => {
  it("sees English's past days in the archive, with the edition picker", async () => {
    const page = await arabicPage('/explore/archive');
    // English's past days (the fixture's), where "No past days yet" used to be.
    await page.getByTestId('game-card').first().waitFor();
    expect(await page.getByText('لا أيام سابقة بعد.').count()).toBe(0);
    expect(await page.getByTestId('edition-picker').inputValue()).toBe('en');
    await expectNoSeriousA11y(page, 'archive in Arabic');
    await screenshot(page, 'archive-ar-375');
  });

  it('finds playable past days in the calendar after playing today', async () => {
    const page = await arabicPage('/');
    await page.locator('#guess:not([disabled])').waitFor();
    const first = ITEMS[0] ?? '';
    // A typo of the first item: the correction is worded in Arabic, with the name isolated.
    await guess(page, `${first.slice(0, -1)}x`);
    await expect.poll(() => page.getByTestId('guess-feedback').textContent()).toContain('صُحّح تلقائيًا إلى');
    await page.getByRole('button', { name: 'تقويم الأرشيف' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const yesterday = dialog.locator(`a[href="/archive/${addDays(server.today, -1)}?edition=en"]`);
    await expect.poll(() => yesterday.count()).toBe(server.today.endsWith('-01') ? 0 : 1);
    expect(await dialog.getByTestId('edition-picker').inputValue()).toBe('en');
    await expectNoSeriousA11y(page, 'calendar in Arabic');
    await screenshot(page, 'calendar-ar-375');
  });
});
