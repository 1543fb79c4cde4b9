/**
 * Groups end to end (issue 11, point 2): A creates a group and shares its link; B, in another
 * browser, joins by the link, cannot see today's board until B finishes today's game, then sees
 * both rows, and the game-over modal names B's rank with a link to the group. Axe on every new
 * screen; screenshots at 375 and 1280 px.
 *
 * Logged-in players' results are kept under their account's key (`acct:{id}`): the boards read
 * them there.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, expectNoSeriousA11y, launchBrowser, openLoggedIn, playToday, registerAccount, screenshot, startServer, type Account, type Server } from './harness.ts';
import { ITEMS } from './fixture.ts';

let server: Server;
let browser: Browser;
let ann: Account;
let ben: Account;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ann = await registerAccount(server, 'AnnGroups');
  ben = await registerAccount(server, 'BenGroups');
});

afterAll(async () => {
  await browser.close();
  server.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function loggedIn(account: Account, path: string, mobile: boolean): Promise<Page> {
  const { context, page } = await openLoggedIn(browser, server, account, path, { mobile });
  contexts.push(context);
  return page;
}

/** The page from its top, for the screenshot. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document.querySelector('main')?.scrollTo(0, 0);
  });
  await screenshot(page, name);
}

const boardRows = (page: Page) => page.getByTestId('today-board').locator('tbody tr').allTextContents();

describe('groups', () => {
  it('A creates a group, B joins by the link and sees today only after finishing', async () => {
    const a = await loggedIn(ann, '/groups', false);
    await a.getByLabel('Group name').fill('Volcano club');
    await expectNoSeriousA11y(a, 'groups page');
    await shoot(a, 'groups-1280x800');
    await a.getByRole('button', { name: 'Create group' }).click();
    await a.getByTestId('group-name').filter({ hasText: 'Volcano club' }).waitFor();
    const link = await a.getByTestId('invite-link').inputValue();
    expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{22}$/);
    await a.getByRole('button', { name: 'Copy' }).click();
    expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const groupPath = new URL(a.url()).pathname;

    await playToday(a, ITEMS.length);
    await a.goto(groupPath);
    await a.getByTestId('today-board').waitFor();
    expect(await boardRows(a)).toHaveLength(1);

    const b = await loggedIn(ben, new URL(link).pathname, true);
    await b.getByRole('heading', { name: 'Join “Volcano club”' }).waitFor();
    expect(await b.getByTestId('invite-summary').textContent()).toContain("AnnGroups's group · 1 member of");
    await expectNoSeriousA11y(b, 'join page');
    await shoot(b, 'join-375x812');
    await b.setViewportSize({ width: 1280, height: 800 });
    await shoot(b, 'join-1280x800');
    await b.setViewportSize({ width: 375, height: 812 });
    await b.getByRole('button', { name: 'Join the group' }).click();
    await b.getByTestId('board-locked').waitFor();
    expect(await b.getByTestId('today-board').count()).toBe(0);
    expect(await b.getByTestId('members').textContent()).toContain('AnnGroups');
    await expectNoSeriousA11y(b, 'group page, locked');
    await shoot(b, 'group-locked-375x812');

    await playToday(b, 6);
    const ranks = b.getByRole('dialog').getByTestId('group-ranks');
    await ranks.waitFor();
    expect(await ranks.textContent()).toBe('2nd of 2 in Volcano club');
    await ranks.getByRole('link').click();
    await b.getByTestId('today-board').waitFor();
    const rows = await boardRows(b);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('AnnGroups');
    expect(rows[0]).toContain('Survived');
    expect(rows[1]).toContain('BenGroups');
    expect(rows[1]).toContain('6/10');
    expect(rows[1]).toContain('Erupted');
    await expectNoSeriousA11y(b, 'group page');
    // Opened afresh for the picture: no toasts left from the game.
    await b.reload();
    await b.getByTestId('today-board').waitFor();
    await shoot(b, 'group-375x812');
    // Every column fits a phone: nothing cut at the screen's edge ("Survive", "Erupte").
    const fits = await b.getByTestId('today-board').evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0));
    expect(fits).toBe(true);
    const underName = b.getByTestId('today-board').locator('tbody tr').first().locator('th span');
    expect([await underName.textContent(), await underName.isVisible()]).toEqual(['Survived', true]);
    await a.goto(groupPath);
    await a.getByTestId('today-board').waitFor();
    expect(await boardRows(a)).toHaveLength(2);
    await expectNoSeriousA11y(a, 'group page, owner');
    await shoot(a, 'group-1280x800');
    // Two players, two full games and seven screenshots: a minute on a loaded 2-core machine.
  }, 60_000);
});
