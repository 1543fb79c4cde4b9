/**
 * Daily editions in real Chromium against the real server (docs/i18n.md, Daily editions): the
 * seed gives the Spanish, German, Russian and Japanese editions a game every day from today − 14.
 * A Japanese browser gets the Japanese daily on `/` (painted by the server), plays it typing kana
 * through the input method's composition (Chromium's own IME events, through the DevTools
 * protocol: the Enter that ends a composition never guesses), and switches to English without a
 * reload; the choice stays on the device. Screenshots of `/` at 375 and 1280 px for ar, ja, ru
 * and de go to artifacts/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TODAY_PROMPT } from './fixture.ts';
import { type ContextOptions, counts, e2eSuite, expectNoSeriousA11y, newContext, resultLine, screenshot } from './harness.ts';

const suite = e2eSuite();

/** Today's game of each seeded edition: pack game 14 of server/seed/daily.{tag}.json. */
const TODAY = {
  ja: '宇宙へ行った最初の10人の日本人（1990〜2015年）',
  ru: '10 крупнейших по площади государств Европы, не считая России, Казахстана и Турции (без заморских территорий)',
  de: 'Alle Länder, die an Österreich oder an die Schweiz grenzen',
};

async function openHome(options: ContextOptions): Promise<Page> {
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

/** A piece of today's English prompt (the blank renders apart). */
const ENGLISH = TODAY_PROMPT.split('__')[0]?.trim().slice(1) ?? '';

const prompt = async (page: Page) => (await page.getByTestId('prompt').textContent()) ?? '';

describe('daily editions', () => {
  it('a Japanese player gets the Japanese daily, plays it in kana through an input method and switches to English', async () => {
    const page = await openHome({ locale: 'ja' });
    expect(await prompt(page)).toContain('宇宙へ行った最初の10人の日本人');
    expect(await page.getByTestId('edition-playing').textContent()).toBe('今日のゲーム（日本語）');
    // The server painted the Japanese game into the page: no request for it.
    expect(await page.evaluate(() => document.getElementById('today-game')?.textContent ?? '')).toContain('"edition":"ja"');

    const input = page.locator('#guess');
    await input.focus();
    const cdp = await page.context().newCDPSession(page);
    // Composing もうり: Enter only ends the composition.
    await cdp.send('Input.imeSetComposition', { text: 'もうり', selectionStart: 3, selectionEnd: 3 });
    await page.keyboard.press('Enter');
    await cdp.send('Input.insertText', { text: 'もうり' });
    expect(await input.inputValue()).toBe('もうり');
    expect((await counts(page)).correct).toContain('0');
    await page.waitForTimeout(100);
    await input.press('Enter');
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#guess')?.value ?? '') === '');
    expect(await resultLine(page)).toContain('もうり');
    expect((await counts(page)).correct).toContain('1');
    // Katakana meets the hiragana reading.
    await cdp.send('Input.imeSetComposition', { text: 'ムカイ', selectionStart: 3, selectionEnd: 3 });
    await cdp.send('Input.insertText', { text: 'ムカイ' });
    await page.waitForTimeout(100);
    await input.press('Enter');
    await expect.poll(async () => (await counts(page)).correct).toContain('2');
    await expectNoSeriousA11y(page, 'the Japanese edition');

    // To English, without a reload: the English daily, and the choice kept on this device.
    const marker = await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = Date.now()));
    await page.getByTestId('edition-en').click();
    await expect.poll(() => prompt(page)).toContain(ENGLISH);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
    expect((await counts(page)).correct).toContain('0');
    expect(await page.evaluate(() => localStorage.getItem('edition'))).toBe('en');
    // Back to Japanese: the game found so far is still there.
    await page.getByTestId('edition-ja').click();
    await expect.poll(() => prompt(page)).toContain('宇宙へ行った最初の10人の日本人');
    expect((await counts(page)).correct).toContain('2');

    // A new visit keeps the edition chosen last: the server reads it from the cookie.
    await page.getByTestId('edition-en').click();
    await page.reload();
    await page.locator('#guess').waitFor();
    expect(await prompt(page)).toContain(ENGLISH);
  });

  for (const locale of ['ar', 'ja', 'ru', 'de'] as const) {
    for (const mobile of [true, false]) {
      it(`shows ${locale}'s home page (${mobile ? '375' : '1280'} px)`, async () => {
        const page = await openHome({ locale, mobile });
        if (locale === 'ar') {
          // No Arabic edition: English's game, no switch.
          expect(await prompt(page)).toContain(ENGLISH);
          expect(await page.getByTestId('edition-switch').count()).toBe(0);
        } else {
          expect(await prompt(page)).toContain(TODAY[locale].slice(0, 20));
          await page.getByTestId('edition-en').waitFor();
        }
        await expectNoSeriousA11y(page, `${locale} home`);
        await screenshot(page, `editions-home-${locale}-${mobile ? '375' : '1280'}`);
      });
    }
  }
});
