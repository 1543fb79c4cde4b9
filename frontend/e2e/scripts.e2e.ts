/**
 * Games in every script (issue 24): a Russian community game created through the form and
 * played (the page loads the play module of every script for it), and a Japanese game played by
 * typing kana through an input method's composition (Chromium's own IME events, through the
 * DevTools protocol): the Enter that ends a composition never submits a guess.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, counts, e2eSuite, expectNoSeriousA11y, guess, openLoggedIn, registerAccount, resultLine, screenshot, type Account } from './harness.ts';

const suite = e2eSuite();

const RUSSIA = {
  prompt: 'Крупнейшие города России',
  items: ['Москва', 'Санкт-Петербург', 'Новосибирск', 'Екатеринбург', 'Казань', 'Нижний Новгород', 'Челябинск', 'Красноярск', 'Самара', 'Уфа'],
};

const JAPAN: Record<string, string[]> = {
  東京: ['とうきょう'],
  横浜: ['よこはま'],
  大阪: ['おおさか'],
  名古屋: ['なごや'],
  札幌: ['さっぽろ'],
  福岡: ['ふくおか'],
  神戸: ['こうべ'],
  川崎: ['かわさき'],
  京都: ['きょうと'],
  北海道: ['ほっかいどう'],
};

let player: Account | undefined;

async function openAs(path: string): Promise<Page> {
  player ??= await registerAccount(suite.server, 'ScriptFan');
  const opened = await openLoggedIn(suite.browser, suite.server, player, path);
  suite.context = opened.context;
  return opened.page;
}

describe('games in every script', () => {
  it('a Russian community game is created through the form and played', async () => {
    const page = await openAs('/create');
    await page.getByLabel('Prompt', { exact: true }).fill(RUSSIA.prompt);
    for (const [i, name] of RUSSIA.items.entries()) await page.getByLabel(`Item ${String(i + 1)} answer`).fill(name);
    const submit = page.getByTestId('create-submit');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    expect(await page.getByText('Use at least one letter or digit.').count()).toBe(0);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/game/upload'));
    await submit.click();
    const response = await uploaded;
    expect(response.status()).toBe(200);
    const { uid } = (await response.json()) as { uid: string };
    await page.getByText('Game created successfully!').waitFor();

    await page.goto(`/community/${uid}`);
    await page.getByTestId('prompt').waitFor();
    expect(await page.getByTestId('prompt').getAttribute('dir')).toBe('auto');
    await guess(page, 'МОСКВА');
    expect(await resultLine(page)).toContain('МОСКВА is correct!');
    await guess(page, 'Moscow');
    expect(await resultLine(page)).toContain('Moscow is not on the list.');
    await guess(page, 'нижний новгород');
    expect(await counts(page)).toMatchObject({ correct: expect.stringContaining('2') as unknown, wrong: expect.stringContaining('1') as unknown });
    await page.locator('#guess').fill('!!!');
    await page.locator('#guess').press('Enter');
    await expect.poll(() => resultLine(page)).toContain('Please enter a guess.');
    expect(await resultLine(page)).not.toContain('..');
    await expectNoSeriousA11y(page, 'a Russian community game');
    await screenshot(page, 'scripts-russian-game-1280x800');
  });

  it('a Japanese game is played typing kana through an input method; Enter while composing does not guess', async () => {
    player ??= await registerAccount(suite.server, 'ScriptFan');
    const { uid } = await apiJson<{ uid: string }>(suite.server, 'POST', '/api/game/upload', { prompt: '日本の大きな都市', items: JAPAN, type: 'community' }, player.token);
    const page = await openAs(`/community/${uid}`);
    await page.getByTestId('prompt').waitFor();
    const input = page.locator('#guess');
    await input.focus();
    const cdp = await page.context().newCDPSession(page);

    // Composing とうきょう: the IME shows it underlined; Enter only ends the composition.
    await cdp.send('Input.imeSetComposition', { text: 'とうきょう', selectionStart: 5, selectionEnd: 5 });
    await page.keyboard.press('Enter');
    await cdp.send('Input.insertText', { text: 'とうきょう' });
    expect(await input.inputValue()).toBe('とうきょう');
    expect(await counts(page)).toMatchObject({ correct: expect.stringContaining('0') as unknown });

    // The composition over, Enter guesses (a moment later: the Enter Safari sends with the end of
    // a composition, within 50 ms of it, is ignored too).
    await page.waitForTimeout(100);
    await input.press('Enter');
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#guess')?.value ?? '') === '');
    expect(await resultLine(page)).toContain('とうきょう is correct!');

    // Katakana meets the hiragana reading; 東都 is not 東京.
    await cdp.send('Input.imeSetComposition', { text: 'オオサカ', selectionStart: 4, selectionEnd: 4 });
    await cdp.send('Input.insertText', { text: 'オオサカ' });
    await page.waitForTimeout(100);
    await input.press('Enter');
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#guess')?.value ?? '') === '');
    expect(await resultLine(page)).toContain('オオサカ is correct!');
    await guess(page, '東都');
    expect(await resultLine(page)).toContain('東都 is not on the list.');
    await expectNoSeriousA11y(page, 'a Japanese community game');
    await screenshot(page, 'scripts-japanese-game-1280x800');
  });
});
