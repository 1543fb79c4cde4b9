/**
 * Reports and insights end to end (issue 12): a guest reports a community game, an admin finds
 * it in the Reports tab with its reason and details and hides it; the Insights page renders the
 * seeded days with a result played today in a chart with titled axes, and its CSV downloads. Axe on every new screen;
 * screenshots at 375 and 1280 px.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, expectNoSeriousA11y, launchBrowser, newContext, openLoggedIn, registerAccount, screenshot, startServer, type Account, type Server } from './harness.ts';
import { ITEMS } from './fixture.ts';
import { formatDate } from '../src/lib/dates.ts';

const REPORTED_UID = 'e2e-community-3';

let server: Server;
let browser: Browser;
let admin: Account;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await registerAccount(server, 'ReportAdmin');
  server.cli(['admin', 'grant', admin.email]);
});

afterAll(async () => {
  await browser.close();
  server.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function guestPage(mobile: boolean): Promise<Page> {
  const context = await newContext(browser, server, { mobile });
  contexts.push(context);
  return context.newPage();
}

async function adminPage(path: string, mobile = false): Promise<Page> {
  const { context, page } = await openLoggedIn(browser, server, admin, path, { mobile });
  contexts.push(context);
  return page;
}

describe('reports', () => {
  it('a guest reports a community game; an admin sees it in the Reports tab and hides it', async () => {
    const guest = await guestPage(true);
    await guest.goto(`/community/${REPORTED_UID}`);
    await guest.getByTestId('prompt').waitFor();
    const dialog = guest.getByRole('dialog', { name: 'Report this game' });
    // On a loaded machine a click made while the page still starts can be lost: click until the
    // dialog is open, then wait for its lazy content.
    await expect
      .poll(async () => {
        if (!(await dialog.isVisible())) await guest.getByRole('button', { name: 'Report this game' }).click();
        return dialog.isVisible();
      }, { timeout: 20_000 })
      .toBe(true);
    await dialog.getByRole('radio', { name: 'Spoils a daily game' }).check({ timeout: 20_000 });
    await dialog.getByLabel('Details (optional)').fill('It lists the answers of a daily game.');
    await expectNoSeriousA11y(guest, 'report dialog');
    await screenshot(guest, 'report-dialog-375x812');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await guest.getByText('Thanks: an admin will look at this game.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const page = await adminPage('/explore/review');
    await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/explore/reports');
    const card = page.getByTestId('reported-game');
    await card.waitFor();
    expect(await card.textContent()).toContain('Volcano planets');
    expect(await card.textContent()).toContain('1 report');
    expect(await card.textContent()).toContain('Spoils a daily game (1)');
    expect(await card.textContent()).toContain('It lists the answers of a daily game.');
    await expectNoSeriousA11y(page, 'reports tab with a reported game');
    await screenshot(page, 'review-reported-1280x800');
    const phone = await adminPage('/explore/reports', true);
    await phone.getByTestId('reported-game').waitFor();
    await screenshot(phone, 'review-reported-375x812');

    await card.getByRole('button', { name: 'Hide game' }).click();
    await page.getByText('1 report closed.').waitFor();
    await page.getByText('No open reports.').waitFor();
    expect((await fetch(`${server.url}/api/game/uid/${REPORTED_UID}`)).status).toBe(404);
  });
});

describe('insights', () => {
  it('renders the last 30 days with a result played today, and downloads them as CSV', async () => {
    const answers = ITEMS.map((_, i) => ({ answerId: i + 1, guessedCorrectly: true }));
    const submitted = await fetch(`${server.url}/api/game/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ answers, userKey: 'insights-e2e', score: 1000, date: server.today }),
    });
    expect(submitted.status).toBe(200);

    const page = await adminPage('/explore/insights');
    await page.getByRole('heading', { name: 'Insights: the last 30 days' }).waitFor();
    const locale = await page.evaluate(() => navigator.language);
    const today = page.getByRole('row', { name: new RegExp(`^${formatDate(server.today, {}, locale)}`) });
    expect(await today.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['1', '100%', '1000']));
    const chart = page.getByRole('img', { name: /Players and results a day/ });
    expect(await chart.count()).toBe(1);
    // Titled and ticked axes: counts up the side, dates along the bottom ending today.
    expect(await chart.getByTestId('y-axis').textContent()).toContain('Count');
    const xAxis = (await chart.getByTestId('x-axis').textContent()) ?? '';
    expect(xAxis).toContain('Day (New York)');
    expect(xAxis).toContain(formatDate(server.today, { noYear: true }, locale));
    await expectNoSeriousA11y(page, 'insights');
    await screenshot(page, 'insights-1280x800');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`lavalist-insights-${server.today}.csv`);
    const csv = readFileSync(await file.path(), 'utf8').split('\r\n');
    expect(csv[0]?.startsWith('date,players,results,')).toBe(true);
    expect(csv).toHaveLength(32); // header, 30 days, final line break
    expect(csv[30]?.startsWith(`${server.today},1,1,`)).toBe(true);

    const phone = await adminPage('/explore/insights', true);
    await phone.getByRole('heading', { name: 'Insights: the last 30 days' }).waitFor();
    await expectNoSeriousA11y(phone, 'insights on a phone');
    await screenshot(phone, 'insights-375x812');
  });
});
