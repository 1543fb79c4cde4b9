/**
 * "Challenge a friend" in real Chromium against the real server: a player finishes today's game
 * and makes a challenge link on the end screen; a friend in a second browser context opens it
 * and sees only the prompt (no item, no result), plays the same game, and then sees both results
 * side by side; the same from a past day in the archive (stored for challenges only, in no
 * stats). Keyboard-reachable, axe clean, screenshots at 375 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, ITEMS, pastPrompt, TODAY_PROMPT } from './fixture.ts';
import { cspViolations, expectNoSeriousA11y, fileSuite, guess, screenshot } from './harness.ts';

const suite = fileSuite();

const WRONG = ['Vulcan', 'Krypton', 'Gallifrey', 'Tatooine', 'Arrakis', 'Pandora', 'Solaris', 'Trantor'];

/** Guesses each text in turn (the game ends at the tenth item or the eighth wrong guess). */
async function play(page: Page, guesses: string[]): Promise<void> {
  await page.getByTestId('prompt').waitFor();
  for (const text of guesses) await guess(page, text);
}

describe('challenge a friend', () => {
  it('a friend plays the same game and sees both results side by side', async () => {
    // The challenger: two wrong guesses, then every item.
    const alice = await suite.open('/');
    await play(alice, [...WRONG.slice(0, 2), ...ITEMS]);
    const dialog = alice.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Survived!' }).waitFor();
    const challenge = dialog.getByRole('button', { name: 'Challenge a friend' });
    await challenge.focus();
    await alice.keyboard.press('Enter');
    const field = dialog.getByTestId('challenge-url');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/challenge\/[A-Za-z0-9_-]{22}$/);
    // On the address in use, as the share and invite links (not the server's --public-url).
    expect(new URL(url).origin).toBe(new URL(alice.url()).origin);
    await alice.getByText('Challenge link copied!').waitFor();
    expect(await alice.evaluate(() => navigator.clipboard.readText())).toContain(url);
    // The link's preview, as a chat app reads it: the prompt, never an item.
    const path = new URL(url).pathname;
    const html = await (await fetch(`${suite.server().url}${path}`)).text();
    expect(html).toContain('A friend challenges you: Lavalist Day');
    for (const item of ITEMS) expect(html).not.toContain(item);
    expect(cspViolations(alice.context())).toEqual([]);
    await alice.context().close();

    // The friend, in another browser: the preview says nothing about the answers.
    const bob = await suite.open(path, { mobile: true });
    await bob.getByRole('heading', { name: 'A friend challenges you' }).waitFor();
    expect(await bob.getByTestId('challenge-prompt').textContent()).toBe(TODAY_PROMPT);
    const body = (await bob.locator('main, #root').first().textContent()) ?? '';
    for (const item of ITEMS) expect(body).not.toContain(item);
    await screenshot(bob, 'challenge-preview-375x812');
    await expectNoSeriousA11y(bob, 'challenge preview, 375 px');
    await bob.setViewportSize({ width: 1280, height: 800 });
    await screenshot(bob, 'challenge-preview-1280x800');
    await expectNoSeriousA11y(bob, 'challenge preview, 1280 px');
    await bob.setViewportSize({ width: 375, height: 812 });
    // No comparison before playing, whatever is asked.
    const early = await bob.evaluate(async (p) => (await fetch(`/api/challenges/${p.split('/').pop() ?? ''}/comparison`, { headers: { 'X-User-Key': localStorage.getItem('userKey') ?? 'none' } })).status, path);
    expect(early).toBe(409);

    // Play, by keyboard: five items and all eight wrong guesses.
    const playLink = bob.getByRole('link', { name: 'Play' });
    await playLink.focus();
    await bob.keyboard.press('Enter');
    await play(bob, [...ITEMS.slice(3, 8), ...WRONG]);
    const end = bob.getByRole('dialog');
    await end.getByRole('heading', { name: 'You Erupted!' }).waitFor();
    await end.getByRole('link', { name: 'See how you compare' }).click();

    await bob.getByRole('heading', { name: 'You vs your friend' }).waitFor();
    const comparison = bob.getByTestId('challenge-comparison');
    await comparison.waitFor();
    const figures = (await bob.getByTestId('challenge-figures').textContent()) ?? '';
    expect(figures).toContain('Found5/1010/10');
    expect(figures).toContain('Wrong guesses82');
    expect(await bob.getByTestId('found-both').textContent()).toContain(ITEMS[3]);
    expect(await bob.getByTestId('found-creator').textContent()).toContain(ITEMS[0]);
    expect(await bob.getByTestId('found-viewer').textContent()).toContain('(0)');
    expect(await comparison.textContent()).toContain('Vulcan, Krypton');
    expect(await bob.getByRole('status').filter({ hasText: 'wins this one' }).textContent()).toBe('Your friend wins this one.');
    await screenshot(bob, 'challenge-comparison-375x812');
    await expectNoSeriousA11y(bob, 'challenge comparison, 375 px');
    await bob.setViewportSize({ width: 1280, height: 800 });
    await screenshot(bob, 'challenge-comparison-1280x800');
    await expectNoSeriousA11y(bob, 'challenge comparison, 1280 px');
  });

  it('works for a past day from the archive, which is stored for challenges only', async () => {
    const date = addDays(suite.server().today, -2);
    const alice = await suite.open(`/archive/${date}`);
    await play(alice, ITEMS);
    const dialog = alice.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'You Survived!' }).waitFor();
    await dialog.getByRole('button', { name: 'Challenge a friend' }).click();
    const url = await dialog.getByTestId('challenge-url').inputValue();
    await alice.context().close();

    const bob = await suite.open(new URL(url).pathname);
    expect(await bob.getByTestId('challenge-prompt').textContent()).toBe(pastPrompt(2));
    await bob.getByRole('link', { name: 'Play' }).click();
    await bob.waitForURL(`**/archive/${date}`);
    await play(bob, [...ITEMS.slice(0, 3), ...WRONG]);
    const end = bob.getByRole('dialog');
    await end.getByRole('heading', { name: 'You Erupted!' }).waitFor();
    await end.getByRole('link', { name: 'See how you compare' }).click();
    await bob.getByTestId('challenge-comparison').waitFor();
    expect(await bob.getByTestId('challenge-figures').textContent()).toContain('Found3/1010/10');
    expect(await bob.getByTestId('found-creator').textContent()).toContain('(7)');
    await expectNoSeriousA11y(bob, 'challenge comparison, archive day');
    // An archive play counts in no stats.
    const stats = (await (await fetch(`${suite.server().url}/api/game/stats?date=${date}`)).json()) as { playerCount: number };
    expect(stats.playerCount).toBe(0);
  });
});
