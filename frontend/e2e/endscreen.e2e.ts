/**
 * The end screen in real Chromium against the real server (default settings: a minimum sample
 * of 5 players): the only finisher is the first, with nothing said about others; an archive day
 * shows the player's own result; the next steps (See Stats among them) where the guess box was,
 * by keyboard, in reading order; and once five have finished, the rank, the distribution and the
 * rarest find.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, ITEMS, TODAY_PROMPT } from './fixture.ts';
import { expectNoSeriousA11y, fileSuite, guess, screenshot } from './harness.ts';

const suite = fileSuite();

async function openGame(path: string, mobile: boolean): Promise<Page> {
  const page = await suite.open(path, { mobile });
  await page.getByTestId('prompt').waitFor();
  return page;
}

/** The name and text of the element that has the focus. */
const focused = (page: Page) => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());

/** Tabs until `name` has the focus (at most 40 presses), so a keyboard alone reaches it. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}; focus is on '${await focused(page)}'`);
}

/** Stores a result for today under another player's key, as their browser would. */
async function storeResult(userKey: string, found: number): Promise<void> {
  const game = (await (await fetch(`${suite.server().url}/api/game/date/${suite.server().today}`)).json()) as { items: { id: number }[] };
  const answers = game.items.map((item, i) => ({ answerId: item.id, guessedCorrectly: i < found }));
  const body = { answers, userKey, score: found * 100, date: suite.server().today };
  const res = await fetch(`${suite.server().url}/api/game/submit`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

describe('the end screen', () => {
  it('tells the only finisher they are the first, and offers the next steps by keyboard', async () => {
    const page = await openGame('/', true);
    for (const name of ITEMS) await guess(page, name);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Survived!' }).waitFor();
    const standing = dialog.getByTestId('standing');
    await standing.waitFor();
    expect(await standing.textContent()).toBe("You're the first to finish today");
    expect(await dialog.getByText(/Percentile/).count()).toBe(0);
    expect(await dialog.getByTestId('stats').textContent()).toContain('Players1');
    expect(await dialog.getByTestId('own-result').textContent()).toContain('Found10/10');
    // One result says nothing about the others: no average, no distribution, no find rates.
    expect(await dialog.getByText('Average score').count()).toBe(0);
    expect(await dialog.getByTestId('score-chart').count()).toBe(0);
    expect(await dialog.getByRole('list', { name: 'The answers' }).textContent()).not.toContain('%');
    await screenshot(page, 'end-screen-one-player-375x812');
    await expectNoSeriousA11y(page, 'end screen, one player, 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'end-screen-one-player-1280x800');
    await expectNoSeriousA11y(page, 'end screen, one player, 1280 px');

    // Share: no "Rarest find: 100% of players" from the only result.
    await dialog.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Results copied to clipboard!').waitFor();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    const day = (await page.getByTestId('header-title').textContent()) ?? '';
    // The URL carries the server's signed result parameter (the stored result's row and score).
    const [first, ...rest] = shared.split('\n');
    const link = first?.replace('🌋 Lavalist ', '') ?? '';
    expect(link).toMatch(new RegExp(`^${suite.server().url.replace(/[.:/]/g, '\\$&')}/\\?r=[A-Za-z0-9_-]{27}$`));
    expect(rest.join('\n')).toBe(`${day} - ${TODAY_PROMPT}\n${'🟡'.repeat(10)}\nScore: 1000\nYou survived!`);
    // Its preview, read as a chat app does (no script runs): the tags name the day, the prompt
    // and the result, and their image is a PNG card.
    const html = await (await fetch(link)).text();
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
    // Capitalised, as the app shows the prompt.
    expect(meta('og:title')).toBe(`Lavalist ${day}: ${TODAY_PROMPT.charAt(0).toUpperCase()}${TODAY_PROMPT.slice(1)}`);
    expect(meta('og:description')).toContain('found 10 of 10 and scored 1000');
    const image = (meta('og:image') ?? '').replaceAll('&amp;', '&');
    const card = await fetch(image.replace(/^https?:\/\/[^/]+/, suite.server().url));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await card.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');

    // Closed with the keyboard, the next steps stand where the guess box was, in Tab order.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const steps = page.getByRole('navigation', { name: 'What next' });
    await steps.waitFor();
    expect(await page.locator('#guess').count()).toBe(0);
    const box = await steps.boundingBox();
    const counters = await page.getByTestId('count-wrong').boundingBox();
    expect(box && counters && box.y < counters.y).toBe(true); // above the counters, as the box was
    await screenshot(page, 'end-screen-next-steps-1280x800');
    await tabTo(page, 'Share');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('See Stats');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Play another day');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Play a community game');
    await expectNoSeriousA11y(page, 'next steps');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.server().url}/explore/community`);
  });

  it("shows an archive day's own result, not rows of zeros", async () => {
    const day = addDays(suite.server().today, -3);
    const page = await openGame(`/archive/${day}`, true);
    await guess(page, 'mercury');
    await guess(page, 'venus');
    await guess(page, 'pizza');
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Erupted!' }).waitFor();
    const own = dialog.getByTestId('own-result');
    expect(await own.textContent()).toBe('Found2/10Wrong guesses1/8Hints0/5');
    expect(await dialog.getByTestId('final-score').textContent()).toBe('190');
    await dialog.getByTestId('standing').waitFor();
    expect(await dialog.getByTestId('standing').textContent()).toBe('No one else has a result for this day yet');
    expect(await dialog.getByTestId('stats').textContent()).toBe('Players1'); // the player themselves; no streaks on an archive day
    await screenshot(page, 'end-screen-archive-375x812');
    await expectNoSeriousA11y(page, 'archive end screen');
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'What next' }).getByRole('link', { name: 'Play another day' }).waitFor();
    await screenshot(page, 'end-screen-next-steps-375x812');
  });

  it('an archive day finished on a phone: See Stats and the next steps a Tab press apart, in the order they show', async () => {
    const day = addDays(suite.server().today, -5);
    const page = await openGame(`/archive/${day}`, true);
    await guess(page, 'mercury');
    // Given up with the keyboard, as a keyboard player would.
    await page.getByRole('button', { name: 'Give Up' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // 'You sure?'
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Erupted!' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const steps = page.getByRole('navigation', { name: 'What next' });
    await steps.getByRole('link', { name: 'Play another day' }).waitFor();
    // Closed, the dialog leaves the focus on the first next step.
    expect(await focused(page)).toBe('Share');

    /** Presses `key` from `from` until `to` has the focus; how many presses it took. */
    const presses = async (from: string, to: string, key: 'Tab' | 'Shift+Tab') => {
      await page.getByRole('navigation', { name: 'What next' }).getByText(from, { exact: true }).focus();
      for (let n = 1; n <= 40; n++) {
        await page.keyboard.press(key);
        if ((await focused(page)) === to) return n;
      }
      throw new Error(`${key} never reached ${to} from ${from}`);
    };
    // Issue 43: 14 presses from See Stats to 'Play another day' just above it.
    expect(await presses('See Stats', 'Play another day', 'Tab')).toBe(1);
    expect(await presses('Play another day', 'See Stats', 'Shift+Tab')).toBe(1);
    expect(await presses('Share', 'See Stats', 'Tab')).toBe(1);
    expect(await presses('See Stats', 'Share', 'Shift+Tab')).toBe(1);

    // Tab order is reading order down the game's column: each stop starts no higher than the one
    // before it (a row's second button beside the first).
    await page.getByRole('navigation', { name: 'What next' }).getByText('Share', { exact: true }).focus();
    const stops: { name: string; top: number; left: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const stop = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el?.closest('[data-focus-home]')) return null;
        const box = el.getBoundingClientRect();
        return { name: (el.getAttribute('aria-label') ?? el.textContent).trim(), top: box.top + window.scrollY, left: box.left };
      });
      if (!stop) break;
      stops.push(stop);
      await page.keyboard.press('Tab');
    }
    expect(stops.map((s) => s.name).slice(0, 4)).toEqual(['Share', 'See Stats', 'Play another day', 'Play a community game']);
    for (let i = 1; i < stops.length; i++) {
      const [before, now] = [stops[i - 1], stops[i]];
      if (before && now) expect(now.top, `${now.name} after ${before.name}`).toBeGreaterThanOrEqual(before.top);
    }
    await expectNoSeriousA11y(page, 'archive day finished, next steps');
    await screenshot(page, 'end-screen-archive-next-steps-375x812');
  });

  it('ranks, draws the distribution and names the rarest find once five have finished', async () => {
    // Three more players: with the first test's, four results; this player makes five.
    for (const [key, found] of [['e2e-a', 9], ['e2e-b', 6], ['e2e-c', 2]] as const) await storeResult(key, found);
    const page = await openGame('/', false);
    for (const name of ITEMS.slice(0, 6)) await guess(page, name);
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    const dialog = page.getByRole('dialog');
    const standing = dialog.getByTestId('standing');
    await standing.waitFor();
    // 1000 and 900 are higher: 3rd of 5, ceil(100 × 3 / 5) = top 60 %.
    expect(await standing.textContent()).toBe('Top 60 %of 5 players');
    expect(await dialog.getByTestId('stats').textContent()).toContain('Average score660'); // 3300 / 5
    const chart = dialog.getByTestId('score-chart');
    await chart.waitFor();
    expect(await chart.getByRole('row', { name: '600–699 (yours) 2' }).count()).toBe(1);
    expect(await dialog.getByRole('list', { name: 'How many players found each item' }).textContent()).toContain('80%');
    await screenshot(page, 'end-screen-five-players-1280x800');
    await expectNoSeriousA11y(page, 'end screen, five players');
    await dialog.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Results copied to clipboard!').waitFor();
    // The rarest of this player's finds (items 3–6) was found by 4 of 5.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\nScore: 600\n💎 Rarest find: 80% of players$/);
  });
});
