/**
 * Issue 23's rough edges end to end, in real Chromium against the real server: the calendar
 * marks and links today (and a game begun there), a guest's invite link shows the group before
 * sign-up with How to play waiting until the game, Make Daily's day picker suggests the first free
 * day and says which day it will be, explore pages out of range go to the last page and the pager
 * lands at the list's top, review cards show their items, the Disputes tab keeps the tab row, and
 * the editor has no Public switch on a daily game. Axe on each screen, the keyboard where it
 * matters; screenshots at 375 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, ARTIFACTS, expectNoSeriousA11y, guess, launchBrowser, newContext, openLoggedIn, registerAccount, screenshot, startServer, type Account, type ContextOptions, type Server } from './harness.ts';
import { addDays, ITEMS } from './fixture.ts';
import { formatDate, formatDateTime } from '../src/lib/dates.ts';

let server: Server;
let browser: Browser;
let admin: Account;
let owner: Account;
let inviteCode = '';
const contexts: BrowserContext[] = [];

const api = <T>(method: string, path: string, token?: string, body?: unknown): Promise<T> => apiJson<T>(server, method, path, body, token);

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [admin, owner] = [await registerAccount(server, 'EdgesAdmin'), await registerAccount(server, 'EdgesOwner')];
  server.cli(['admin', 'grant', admin.email]);
  const group = await api<{ inviteCode: string }>('POST', '/api/groups', owner.token, { name: 'Volcano club' });
  inviteCode = group.inviteCode;
});

afterAll(async () => {
  await browser.close();
  server.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function guestPage(path: string, options: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, server, options);
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(path);
  return page;
}

async function adminPage(path: string, mobile = false): Promise<Page> {
  const { context, page } = await openLoggedIn(browser, server, admin, path, { mobile });
  contexts.push(context);
  return page;
}

const locale = (page: Page) => page.evaluate(() => navigator.language);
const activeAttribute = (page: Page, name: string) => page.evaluate((n) => document.activeElement?.getAttribute(n) ?? null, name);

/** Presses Tab until the focused element matches `selector` (at most `max` times); false if never. */
async function tabTo(page: Page, selector: string, max = 60): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
  }
  return false;
}

describe('the calendar', () => {
  it.each([
    [true, 'calendar-today-375x812'],
    [false, 'calendar-today-1280x800'],
  ])('marks today, links it to the game and shows a game begun as started (mobile: %s)', async (mobile, shot) => {
    const page = await guestPage('/', { mobile });
    await page.getByTestId('prompt').waitFor();
    await guess(page, 'not a planet at all');
    // Opened from the keyboard.
    await page.getByRole('button', { name: 'Archive calendar' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Archive calendar' });
    await dialog.waitFor();
    const today = dialog.locator('[aria-current="date"]');
    await expect.poll(() => today.getAttribute('data-result')).toBe('started');
    expect(await today.count()).toBe(1);
    expect(await today.getAttribute('href')).toBe('/');
    expect(await today.getAttribute('aria-label')).toBe(`${formatDate(server.today, {}, await locale(page))}, today, started, not finished`);
    expect(await today.locator('[data-mark="started"]').count()).toBe(1);
    const legend = dialog.getByRole('group', { name: 'Legend' });
    expect((await legend.textContent())?.replace(/\s+/g, ' ').trim()).toBe('won erupted started today');
    // A past day with a game is a link too, without the mark of today (once the archive's days arrive).
    const yesterday = dialog.locator(`a[href="/archive/${addDays(server.today, -1)}"]`);
    await expect.poll(() => yesterday.count()).toBe(server.today.endsWith('-01') ? 0 : 1);
    await expectNoSeriousA11y(page, 'calendar with today marked');
    await screenshot(page, shot);
    // The keyboard reaches today's link inside the dialog and follows it.
    expect(await tabTo(page, '[aria-current="date"]')).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('an invite link opened by a guest', () => {
  it.each([
    [true, 'invite-guest-375x812'],
    [false, 'invite-guest-1280x800'],
  ])('shows the group, its owner and size, with How to play waiting for the game (mobile: %s)', async (mobile, shot) => {
    // A first visit: How to play would open by itself on any other page.
    const page = await guestPage(`/join/${inviteCode}`, { mobile, firstVisit: true });
    await page.getByRole('heading', { name: 'Join “Volcano club”' }).waitFor();
    const summary = page.getByTestId('invite-summary');
    expect(await summary.textContent()).toMatch(/^EdgesOwner's group · 1 member of \d+\. Members compare their daily results\.$/);
    await page.getByText('Log in or sign up to join this group.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Nothing covers the invite: its heading, summary and button are all in view.
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    for (const part of [page.getByRole('heading', { level: 1 }), summary, page.getByRole('button', { name: 'Login / Sign Up' })]) {
      const box = await part.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    }
    await expectNoSeriousA11y(page, 'invite link as a guest');
    await screenshot(page, shot);
    // Keyboard: the sign-up button opens the login dialog; Escape closes it again.
    expect(await tabTo(page, 'main button')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Login / Sign Up');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByLabel('E-mail').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // On the way to the game, How to play opens.
    await page.locator('header a[href="/"]').click();
    await page.getByRole('dialog', { name: 'How to play' }).waitFor();
  });

  it('says so when the code is unknown', async () => {
    const page = await guestPage('/join/no-such-code', { mobile: true });
    expect(await page.getByRole('alert').textContent()).toBe('No such group. Ask for a new link: the owner may have changed it.');
  });
});

describe("Make Daily's day picker", () => {
  it('suggests the first free day, flags a taken one, and says which day it will be', async () => {
    const { date: firstFree } = await api<{ date: string }>('GET', '/api/admin/next-daily-date', admin.token);
    // Another game takes that day first: the picker then suggests the next free one.
    await api('POST', `/api/admin/make-daily/e2e-community-3?date=${firstFree}`, admin.token, {});
    const { date: suggested } = await api<{ date: string }>('GET', '/api/admin/next-daily-date', admin.token);
    const { date: afterTaken } = await api<{ date: string }>('GET', `/api/admin/next-daily-date?date=${firstFree}`, admin.token);
    expect(suggested > server.today && afterTaken > firstFree).toBe(true);

    const page = await adminPage('/explore/community', true);
    const lang = await locale(page);
    const card = page.getByTestId('game-card-item').filter({ hasText: 'Planets again' });
    // Keyboard: the card menu opens on ArrowDown at Make Daily; Enter asks.
    await card.getByRole('button', { name: /^Admin actions for/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Make Daily');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Make Daily' });
    const picker = dialog.getByLabel('Day');
    await expect.poll(() => picker.inputValue()).toBe(suggested);
    const status = dialog.getByTestId('daily-date-status');
    await expect.poll(() => status.textContent()).toBe(
      `It will be the daily game of ${formatDate(suggested, { weekday: true }, lang)} (Day ${String(dayNumber(suggested))}).`,
    );
    await expectNoSeriousA11y(page, 'make-daily picker');
    await screenshot(page, 'make-daily-375x812');

    // The day just taken: said so, with the next free day after it offered.
    await picker.fill(firstFree);
    const taken = dialog.getByTestId('daily-date-taken');
    await expect.poll(() => taken.textContent()).toContain(`${formatDate(firstFree, { weekday: true }, lang)} already has a daily game.`);
    expect(await dialog.getByRole('button', { name: 'Make Daily' }).isDisabled()).toBe(true);
    await expectNoSeriousA11y(page, 'make-daily picker, a taken day');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'make-daily-taken-1280x800');
    // Keyboard: "Use …" takes the offer and leaves the focus in the picker.
    await dialog.getByRole('button', { name: `Use ${formatDate(afterTaken, {}, lang)}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe(afterTaken);
    expect(await activeAttribute(page, 'type')).toBe('date');
    await expect.poll(() => status.textContent()).toContain(formatDate(afterTaken, { weekday: true }, lang));
    await screenshot(page, 'make-daily-1280x800');
    expect(await tabTo(page, '[role=alertdialog] .btn-primary', 8)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Game made daily successfully!').waitFor();
    const stored = await api<{ daily_date?: string }>('GET', '/api/game/edit/e2e-community-2', admin.token);
    expect(stored.daily_date).toBe(afterTaken);
  });
});

/** The day number of a date: 2024-07-09 is Day 1 (game-core's calendar). */
function dayNumber(date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse('2024-07-09T00:00:00Z')) / 86_400_000) + 1;
}

describe('explore pages', () => {
  const pagesOf = async () => {
    const { total } = await api<{ total: number }>('GET', '/api/previous-days-paginated?limit=1');
    return Math.ceil(total / 12);
  };

  it('sends a page out of range to the last, and nonsense to the first', async () => {
    const last = await pagesOf();
    const page = await guestPage('/explore/archive/99', { mobile: true });
    await page.waitForURL(`**/explore/archive/${String(last)}`);
    await page.getByText(`Page ${String(last)} of ${String(last)}`).waitFor();
    expect(await page.getByRole('link', { name: `Page ${String(last)}` }).getAttribute('aria-current')).toBe('page');
    await page.goto('/explore/archive/0');
    await page.waitForURL('**/explore/archive/1');
    await page.goto('/explore/archive/next');
    await page.waitForURL('**/explore/archive/1');
    await page.getByText(`Page 1 of ${String(last)}`).waitFor();
  });

  it.each([
    [true, 'explore-pager-375x812'],
    [false, 'explore-pager-1280x800'],
  ])("numbers the pages and lands Next at the list's top (mobile: %s)", async (mobile, shot) => {
    const last = await pagesOf();
    const page = await guestPage('/explore/archive', { mobile });
    await page.getByTestId('game-card').first().waitFor();
    const numbers = page.getByTestId('page-numbers');
    expect((await numbers.getByRole('link').allTextContents()).at(-1)).toBe(String(last));
    expect(await numbers.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await page.evaluate(() => {
      window.scrollTo(0, document.body.scrollHeight);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expectNoSeriousA11y(page, 'explore pager');
    await screenshot(page, shot);
    const firstOfPage1 = await page.getByTestId('game-card').first().textContent();
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/explore/archive/2');
    await page.getByText(`Page 2 of ${String(last)}`).waitFor();
    const list = page.getByRole('list', { name: `Daily Archive, page 2 of ${String(last)}` });
    await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);
    const top = await list.boundingBox();
    expect(top && top.y >= 0 && top.y < (page.viewportSize()?.height ?? 0) / 2).toBe(true);
    // From the keyboard too: Tab goes on from the list's top, to the first card (once page 2's
    // cards have replaced page 1's, which the list may show while page 2 loads).
    await expect.poll(() => list.getByTestId('game-card').first().textContent()).not.toBe(firstOfPage1);
    await page.keyboard.press('Tab');
    expect(await activeAttribute(page, 'data-testid')).toBe('game-card');
  });
});

describe('admin screens', () => {
  it('shows review cards with their items, count and submission date', async () => {
    const items = Object.fromEntries(ITEMS.map((name) => [name, name === 'Earth' ? ['Terra'] : []]));
    await api('POST', '/api/game/upload', owner.token, { prompt: 'e2e edges: bodies to review', items, type: 'community', public: false });
    const page = await adminPage('/explore/review', true);
    const card = page.getByTestId('review-card').filter({ hasText: 'Bodies to review' });
    await card.waitFor();
    expect(await card.getByTestId('item-count').textContent()).toBe('10 items');
    expect(await card.getByTestId('review-items').locator('li').allTextContents()).toEqual(ITEMS.map((name) => (name === 'Earth' ? 'Earth also accepted: (Terra)' : name)));
    const submitted = card.getByTestId('submitted');
    const at = (await submitted.getAttribute('datetime')) ?? '';
    expect(Math.abs(Date.now() - Date.parse(at))).toBeLessThan(10 * 60_000);
    expect(await submitted.textContent()).toBe(formatDateTime(at, await locale(page)));
    await expectNoSeriousA11y(page, 'review cards');
    await screenshot(page, 'review-cards-375x812');
  });

  it('keeps the tab row on the Disputes tab, and hides the Public switch when editing a daily game', async () => {
    const page = await adminPage('/explore/review');
    const tabs = page.getByRole('navigation', { name: 'Lists' });
    await tabs.getByRole('link', { name: 'Disputes' }).click();
    await page.waitForURL('**/explore/disputes');
    await page.getByRole('heading', { name: 'Disputes' }).waitFor();
    expect(await tabs.getByRole('link').allTextContents()).toContain('Review Games');
    expect(await tabs.getByRole('link', { name: 'Disputes' }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11y(page, 'disputes tab');
    await screenshot(page, 'disputes-tabs-1280x800');

    const { uid } = await api<{ uid: string }>('GET', `/api/game/date/${server.today}`);
    await page.goto(`/edit/${uid}`);
    await page.getByRole('heading', { name: 'Edit Game' }).waitFor();
    expect(await page.getByTestId('edit-kind').textContent()).toContain('Daily game of');
    expect(await page.getByRole('switch', { name: 'Public' }).count()).toBe(0);
    await page.goto('/edit/e2e-community-1');
    await page.getByRole('switch', { name: 'Public' }).waitFor();
  });
});
