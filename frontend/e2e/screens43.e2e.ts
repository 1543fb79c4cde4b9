/**
 * The screens issue 43 changed, at 375 and 1280 px, for a person to look at (artifacts/
 * `screens43-*.png`), each axe clean: the archive list and the calendar with the edition switch
 * in Arabic, the result line's correction ("Auto-corrected to …") in Russian and Arabic, the
 * hint line in Arabic (the Latin letter and the numbers isolated), an empty category on the
 * explore page, the rating radio group, the game-over screen with its toast on a phone, and How
 * to play. The behaviour itself is tested where it lives (archiveEditions, community, endscreen,
 * phone); this file checks only what a screenshot needs to be the right one.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, COMMUNITY_UID, ITEMS } from './fixture.ts';
import { expectNoSeriousA11y, fileSuite, guess, screenshot } from './harness.ts';

const suite = fileSuite();

const WIDTHS = [
  { name: '375', mobile: true },
  { name: '1280', mobile: false },
] as const;

/** A typo of the first item ('Mercurx'): the core reads it as the item, with a correction. */
const TYPO = `${(ITEMS[0] ?? '').slice(0, -1)}x`;

async function shoot(page: Page, name: string, where: string): Promise<void> {
  await expectNoSeriousA11y(page, where);
  await screenshot(page, `screens43-${name}`);
}

/** Waits until the slots' flashes have ended, so a screenshot shows the board at rest. */
async function atRest(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid=slot]')).every((s) => s.getAnimations().length === 0));
}

describe('the screens issue 43 changed', () => {
  for (const { name: width, mobile } of WIDTHS) {
    it(`archive and calendar in Arabic, with the edition switch (${width} px)`, async () => {
      const page = await suite.open('/explore/archive', { locale: 'ar', mobile });
      await page.getByTestId('game-card').first().waitFor();
      expect(await page.getByTestId('edition-picker').inputValue()).toBe('en');
      await shoot(page, `archive-ar-${width}`, `archive in Arabic, ${width} px`);

      await page.goto(`/archive/${addDays(suite.server().today, -2)}`);
      await page.locator('#guess:not([disabled])').waitFor();
      await page.getByRole('button', { name: 'تقويم الأرشيف' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('edition-picker').waitFor();
      await shoot(page, `calendar-ar-${width}`, `calendar in Arabic, ${width} px`);
    });

    for (const locale of ['ru', 'ar'] as const) {
      it(`a correction in the result line in ${locale} (${width} px)`, async () => {
        // A community game: the same items whatever the language's daily edition.
        const page = await suite.open(`/community/${COMMUNITY_UID}`, { locale, mobile });
        await page.locator('#guess:not([disabled])').waitFor();
        await guess(page, TYPO);
        const line = page.getByTestId('guess-feedback');
        await expect.poll(() => line.textContent()).toContain(ITEMS[0] ?? '');
        expect(await line.textContent()).not.toContain('Auto-corrected');
        await atRest(page);
        await shoot(page, `correction-${locale}-${width}`, `correction in ${locale}, ${width} px`);
      });
    }

    it(`the hint line in Arabic keeps its letter and numbers in place (${width} px)`, async () => {
      const page = await suite.open('/', { locale: 'ar', mobile });
      await page.locator('#guess:not([disabled])').waitFor();
      const hints = page.getByRole('button', { name: /^تلميح؟/ });
      await hints.click();
      await page.getByRole('menuitem', { name: 'تلميح: الحرف الأول' }).click();
      await expect.poll(() => page.getByTestId('guess-feedback').textContent()).toContain('\u2068M\u2069');
      await hints.click();
      await page.getByRole('menuitem', { name: 'تلميح: الطول' }).click();
      // The slot shows both hints, the Latin letter isolated: 'يبدأ بـ⁨M⁩ · ٧ أحرف'.
      await page.getByTestId('slot').filter({ hasText: '\u2068M\u2069 · ' }).waitFor();
      await atRest(page);
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await shoot(page, `hint-ar-${width}`, `hint line in Arabic, ${width} px`);
    });

    it(`an empty category on the explore page (${width} px)`, async () => {
      const page = await suite.open('/explore/community', { mobile });
      const select = page.getByLabel('Category');
      await page.getByTestId('game-card').first().waitFor();
      const categories = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      // The first category no game is in (the seed fills some, not all).
      let empty = '';
      for (const category of categories) {
        await page.goto(`/explore/community?category=${category}`);
        const said = page.getByText('No games in this category yet.');
        await Promise.race([said.waitFor(), page.getByTestId('game-card').first().waitFor()]);
        if ((await said.count()) > 0) {
          empty = category;
          break;
        }
      }
      expect(empty).not.toBe('');
      await shoot(page, `explore-empty-category-${width}`, `explore, an empty category, ${width} px`);
    });

    it(`the rating radio group after a community game (${width} px)`, async () => {
      const page = await suite.open(`/community/e2e-community-${mobile ? '2' : '3'}`, { mobile });
      await page.locator('#guess:not([disabled])').waitFor();
      for (const name of ITEMS) await guess(page, name);
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const three = page.getByRole('radio', { name: '3 stars' });
      await page.getByRole('radio', { name: '1 star' }).focus();
      for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
      expect(await three.isChecked()).toBe(true);
      await page.getByText('Thanks: you rated this game 3 out of 5.').waitFor();
      await page.getByTestId('rating-panel').scrollIntoViewIfNeeded();
      await atRest(page);
      await shoot(page, `rating-${width}`, `rating radio group, ${width} px`);
    });

    it(`How to play (${width} px)`, async () => {
      const page = await suite.open('/', { mobile, firstVisit: true });
      await page.getByRole('dialog').getByRole('heading', { name: 'How to play' }).waitFor();
      await shoot(page, `how-to-play-${width}`, `How to play, ${width} px`);
    });
  }

  it('the game-over screen with its toast on a phone (375 px)', async () => {
    const page = await suite.open('/', { mobile: true });
    await page.locator('#guess:not([disabled])').waitFor();
    for (const name of ITEMS.slice(0, 4)) await guess(page, name);
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('stats').waitFor();
    // The promo toast, 3 s after the game's end.
    const toast = page.locator('.toast');
    await toast.waitFor({ timeout: 10_000 });
    // It covers neither the dialog's title nor its close button.
    const covered = await page.evaluate(() => {
      const targets = [document.querySelector('dialog[open] #modal-title'), document.querySelector('dialog[open] #modal-title + button')];
      return targets.some((el) => {
        if (!el) return true;
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !el.contains(hit);
      });
    });
    expect(covered).toBe(false);
    await shoot(page, 'game-over-toast-375', 'game over with its toast, 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'game-over-toast-1280', 'game over with its toast, 1280 px');
  });
});
