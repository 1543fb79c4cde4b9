/**
 * The community around games end to end (issue 25): a creator makes a game in two categories, a
 * guest plays it and rates it and sees the rating on its card; Hot is explore's default and a
 * category filters it (both in the URL); the dice never lands on a finished game; the creator's
 * profile shows the game's stats. Axe on every new screen; screenshots at 375 and 1280 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, e2eSuite, expectNoSeriousA11y, guess, newContext, openLoggedIn, registerAccount, screenshot, type Account } from './harness.ts';
import { ITEMS } from './fixture.ts';

const suite = e2eSuite();
let creator: Account;
let admin: Account;
let uid = '';
/** Every context a test opens (a guest on a phone, the creator on a desktop…), closed after it. */
const contexts: BrowserContext[] = [];

const PROMPT = 'Planets and dwarf planets by name';

beforeAll(async () => {
  [creator, admin] = [await registerAccount(suite.server, 'Maker'), await registerAccount(suite.server, 'CommunityAdmin')];
  suite.server.cli(['admin', 'grant', admin.email]);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function guestPage(mobile: boolean): Promise<Page> {
  const context = await newContext(suite.browser, suite.server, { mobile });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

async function loggedIn(account: Account, path: string, mobile = false): Promise<Page> {
  const { context, page } = await openLoggedIn(suite.browser, suite.server, account, path, { mobile });
  contexts.push(context);
  return page;
}

describe('community', () => {
  it('a creator picks categories on the create form', async () => {
    const page = await loggedIn(creator, '/create');
    await page.getByLabel('Prompt', { exact: true }).fill(PROMPT);
    for (const [i, name] of ITEMS.entries()) await page.getByLabel(`Item ${String(i + 1)} answer`).fill(name);
    const picker = page.getByTestId('category-picker');
    for (const name of ['Science', 'Geography', 'History']) await picker.getByRole('checkbox', { name }).check();
    expect(await picker.getByRole('checkbox', { name: 'Music' }).isDisabled()).toBe(true);
    await picker.getByRole('checkbox', { name: 'History' }).uncheck();
    await expectNoSeriousA11y(page, 'create page with categories');
    await screenshot(page, 'community-create-categories-1280x800');
    const submit = page.getByTestId('create-submit');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/game/upload'));
    await submit.click();
    const game = (await (await uploaded).json()) as { uid: string; categories: string[] };
    expect(game.categories).toEqual(['geography', 'science']);
    uid = game.uid;
    await apiJson(suite.server, 'POST', `/api/admin/review-game/${uid}`, { approved: true }, admin.token);
  });

  it('a guest rates the game after finishing it and sees the rating on its card', async () => {
    expect(uid).not.toBe('');
    const page = await guestPage(true);
    await page.goto(`/community/${uid}`);
    await page.getByTestId('prompt').waitFor();
    expect(await page.getByRole('radio', { name: '4 stars' }).count()).toBe(0);
    for (const name of ITEMS) await guess(page, name);
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The radio-group pattern by keyboard: Tab reaches the first star, arrows move and keep
    // focus there, the star settled on is saved once.
    const one = page.getByRole('radio', { name: '1 star' });
    await one.waitFor({ state: 'attached' });
    await one.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    const four = page.getByRole('radio', { name: '4 stars' });
    expect(await four.isChecked()).toBe(true);
    expect(await four.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Thanks: you rated this game 4 out of 5.').waitFor();
    expect(await four.evaluate((el) => el === document.activeElement)).toBe(true);
    // Nothing covers the focused star, and the rating sits above the answers.
    const star = await four.evaluate((el) => {
      const box = (el.closest('label') ?? el).getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { covered: !hit || !el.closest('label')?.contains(hit), top: box.top };
    });
    expect(star.covered).toBe(false);
    const answersTop = await page.getByRole('region', { name: 'Answers' }).evaluate((el) => el.getBoundingClientRect().top);
    expect(star.top).toBeLessThan(answersTop);
    await page.getByText('4.0 out of 5 from 1 rating').waitFor();
    await expectNoSeriousA11y(page, 'rating panel');
    await screenshot(page, 'community-rated-375x812');

    await page.goto('/explore/community');
    const card = page.getByTestId('game-card').filter({ hasText: PROMPT });
    await card.waitFor();
    expect(await card.getByTestId('card-rating').textContent()).toContain('4.0 (1)');
    expect(await card.textContent()).toContain('Geography · Science');

    // The dice never lands on the game this guest finished.
    for (let i = 0; i < 4; i++) {
      await page.getByTestId('dice').click();
      await page.waitForURL((url) => url.pathname.startsWith('/community/') && !url.pathname.includes(uid));
      await page.getByTestId('prompt').waitFor();
    }
  });

  it('explore: Hot by default, a category in the URL', async () => {
    const page = await guestPage(false);
    await page.goto('/explore/community');
    const sorts = page.getByRole('navigation', { name: 'Sort community games' });
    expect(await sorts.getByRole('link', { name: 'Hot' }).getAttribute('aria-current')).toBe('true');
    // Rated and played just now: the new game leads Hot.
    await page.getByTestId('game-card').first().filter({ hasText: PROMPT }).waitFor();
    await page.getByLabel('Category').selectOption('geography');
    await page.waitForURL('**/explore/community?category=geography');
    // The new game and the seeded geography games (the seed files every pack game in a category).
    await page.getByTestId('game-card').filter({ hasText: PROMPT }).waitFor();
    await page.getByTestId('game-card').filter({ hasText: /Capital cities of Canada/ }).waitFor();
    await expect.poll(() => page.getByTestId('game-card').filter({ hasText: /IPL franchises/ }).count()).toBe(0);
    await sorts.getByRole('link', { name: 'Top' }).click();
    await page.waitForURL('**/explore/community?sort=top&category=geography');
    await page.getByLabel('Top of').selectOption('week');
    await page.waitForURL('**/explore/community?sort=top&period=week&category=geography');
    await page.getByTestId('game-card').filter({ hasText: PROMPT }).waitFor();
    await expectNoSeriousA11y(page, 'explore community, top of the week in Geography');
    await screenshot(page, 'community-explore-top-geography-1280x800');
    const phone = await guestPage(true);
    await phone.goto('/explore/community?category=science');
    await phone.getByTestId('game-card').filter({ hasText: PROMPT }).waitFor();
    await screenshot(phone, 'community-explore-science-375x812');
  });

  it("the creator's profile shows the game's stats; the public sees the totals", async () => {
    const page = await loggedIn(creator, '/user/Maker');
    const stats = page.getByTestId('creator-game').filter({ hasText: PROMPT });
    await stats.waitFor();
    expect(await stats.getByTestId('stat-plays').textContent()).toBe('1');
    expect(await stats.getByTestId('stat-rating').textContent()).toBe('4.0 out of 5 from 1 rating');
    expect(await stats.getByRole('img', { name: /Plays per day over the last 30 days: 1 in all/ }).count()).toBe(1);
    await expectNoSeriousA11y(page, 'creator stats');
    await screenshot(page, 'community-creator-stats-1280x800');
    const phone = await loggedIn(creator, '/user/Maker', true);
    await phone.getByTestId('creator-game').first().waitFor();
    await screenshot(phone, 'community-creator-stats-375x812');

    const guest = await guestPage(false);
    await guest.goto('/user/Maker');
    const totals = guest.getByTestId('creator-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toBe('1 public game · 1 play · 4.0 out of 5 from 1 rating');
    expect(await guest.getByTestId('creator-stats').count()).toBe(0);
  });
});
