/**
 * The interface's languages in real Chromium against the real server (docs/i18n.md): a browser
 * whose language is Arabic gets the interface in Arabic, right to left, axe clean; switching to
 * German in Settings mid-game keeps the game in progress.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ITEMS } from './fixture.ts';
import { type ContextOptions, counts, e2eSuite, expectNoSeriousA11y, guess, newContext, screenshot } from './harness.ts';

const suite = e2eSuite();

async function openGame(options: ContextOptions): Promise<Page> {
  const context = await newContext(suite.browser, suite.server, options);
  suite.context = context;
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto('/');
  await page.locator('#guess:not([disabled])').waitFor();
  return page;
}

describe('interface languages', () => {
  for (const mobile of [true, false]) {
    it(`shows Arabic, right to left, to an Arabic browser (${mobile ? '375' : '1280'} px)`, async () => {
      const page = await openGame({ locale: 'ar', mobile });
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      await expect.poll(() => page.getByRole('button', { name: 'خمّن' }).count()).toBe(1);
      expect(await page.locator('#guess').getAttribute('placeholder')).toBe('اكتب تخمينك…');
      await guess(page, 'Atlantis');
      await expect.poll(() => page.getByTestId('guess-feedback').textContent()).toContain('ليست في القائمة');
      // The game's own text keeps its direction.
      expect(await page.getByTestId('prompt').getAttribute('dir')).toBe('auto');
      await expectNoSeriousA11y(page, `ar ${mobile ? 'phone' : 'desktop'}`);
      await screenshot(page, `i18n-ar-${mobile ? '375' : '1280'}`);
    });
  }

  it("titles a page in the browser's language once its screen's messages are in", async () => {
    const page = await openGame({ locale: 'ar' });
    expect(await page.title()).toBe('Lavalist');
    // A lazy screen whose title is in the catalogue that loads after the first screen.
    await page.goto('/user/nobody');
    await expect.poll(() => page.title()).toBe('Lavalist - ألعاب المجتمع');
    await page.goto('/archive/12');
    await expect.poll(() => page.title()).toBe('Lavalist الأرشيف - اليوم 12');
  });

  it('switches to German in Settings mid-game and keeps the items found', async () => {
    const page = await openGame({ locale: 'en-US' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await guess(page, ITEMS[0] ?? '');
    await guess(page, ITEMS[1] ?? '');
    await guess(page, 'Atlantis');
    const before = await counts(page);
    expect(before.correct).toBe('2/10');

    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.locator('#setting-locale').selectOption('de');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();

    await expect.poll(() => page.getByRole('button', { name: 'Raten' }).count()).toBe(1);
    expect(await counts(page)).toEqual(before);
    expect(await page.getByTestId('wrong-guesses').textContent()).toContain('Atlantis');
    // The choice is remembered on this device, for the next visit.
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('de');
    await page.reload();
    await page.locator('#guess').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Raten' }).count()).toBe(1);
    // A German interface now opens the German daily edition (seeded); the English game in
    // progress is one switch away, as it was left.
    await page.getByRole('button', { name: 'Zurück zu English' }).click();
    await expect.poll(async () => (await counts(page)).correct).toBe(before.correct);
    expect(await counts(page)).toEqual(before);
    await screenshot(page, 'i18n-de-1280');
  });
});
