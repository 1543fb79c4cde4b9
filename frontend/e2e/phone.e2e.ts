/**
 * The core moment on a phone (issue 23, points 2 and 3), in real Chromium against the real server:
 * guess results that never stack and never cover the prompt or the guess box (375×812, and
 * 375×460 as with the keyboard open), found and hinted slots brought into view, a first visit and
 * the hint menu played with the keyboard alone, the focus back on the trigger after each dialog
 * and menu, found / hinted / missed slots said in text, and the finished board's screenshots.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ITEMS } from './fixture.ts';
import { ARTIFACTS, counts, e2eSuite, expectNoSeriousA11y, guess, newContext, screenshot } from './harness.ts';

const suite = e2eSuite();

const PHONE = { width: 375, height: 812 };
/** A phone with its on-screen keyboard open: the page gets about the top half. */
const PHONE_KEYBOARD = { width: 375, height: 460 };

async function open(path: string, viewport: { width: number; height: number }, firstVisit = false): Promise<Page> {
  suite.context = await newContext(suite.browser, suite.server, { mobile: true, firstVisit });
  const page = await suite.context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.setViewportSize(viewport);
  await page.goto(path);
  await page.getByTestId('count-wrong').waitFor();
  return page;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every guess result or toast on screen now (the result line's entries and any toast), with its box. */
function visibleResults(page: Page): Promise<{ text: string; box: Box }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid=guess-feedback] > *, .toast'))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0)
      .map(({ el, r }) => ({ text: el.textContent, box: { x: r.x, y: r.y, width: r.width, height: r.height } })),
  );
}

/** Whether the element on top at each corner and the centre of `selector` is it (or inside it): nothing covers it. */
function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    // Inside the rounded corners.
    const points: [number, number][] = [
      [r.left + 6, r.top + 6],
      [r.right - 6, r.top + 6],
      [r.left + 6, r.bottom - 6],
      [r.right - 6, r.bottom - 6],
      [r.left + r.width / 2, r.top + r.height / 2],
    ];
    return points.every(([x, y]) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (top === el || el.contains(top));
    });
  }, selector);
}

/** The element that has the focus, by id, accessible name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.id ? `#${el.id}` : (el.getAttribute('aria-label') ?? el.textContent.trim());
  });

/** From now on, records the text of each answer slot that starts a flash (an animation). */
async function recordFlashes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { flashes: string[] };
    w.flashes = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its element below
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
      if (this.matches('[data-testid=slot]')) w.flashes.push(this.textContent);
      return animate.apply(this, args);
    };
  });
}

/** Waits until the slot showing `text` has flashed (see `recordFlashes`). */
async function flashed(page: Page, text: string): Promise<boolean> {
  await page.waitForFunction((t) => (window as unknown as { flashes: string[] }).flashes.some((f) => f.includes(t)), text);
  return true;
}

/** Waits for the slots' flashes to end and scrolls to the top, for a screenshot of the board at rest. */
async function atRest(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid=slot]')).every((s) => s.getAnimations().length === 0));
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
}

/** Picks a hint from the menu with the pointer. */
async function pickHint(page: Page, type: 'First Letter Hint' | 'Length Hint'): Promise<void> {
  await page.getByRole('button', { name: /^Hint\? / }).click();
  await page.getByRole('menuitem', { name: type }).click();
}

/** A first visit: How to play opens by itself. */
async function firstVisit(): Promise<{ page: Page; dialog: Locator }> {
  const page = await open('/', PHONE, true);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'How to play' }).waitFor();
  return { page, dialog };
}

/** Types a guess and presses Enter with the keyboard alone, then waits for `counter` to read `value`. */
async function typeGuess(page: Page, text: string, counter: 'correct' | 'wrong', value: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.waitForFunction(([id, want]) => document.querySelector(`[data-testid=count-${id}]`)?.textContent === want, [counter, value]);
}

/** Types three guesses as fast as the keyboard allows, without waiting for any result. */
async function threeQuickGuesses(page: Page): Promise<void> {
  const input = page.locator('#guess');
  for (const text of ['mercury', 'pizza', 'jupitr']) {
    await input.fill(text);
    await input.press('Enter');
  }
  await page.waitForFunction(() => document.querySelector('[data-testid=count-correct]')?.textContent === '2/10');
}

describe('guess results on a phone', () => {
  for (const viewport of [PHONE, PHONE_KEYBOARD]) {
    const size = `${String(viewport.width)}x${String(viewport.height)}`;
    it(`three quick guesses leave one result, covering neither the prompt nor the guess box (${size})`, async () => {
      const page = await open('/', viewport);
      await page.locator('#guess').focus();
      await recordFlashes(page);
      await threeQuickGuesses(page);
      // The slot found last flashes (a still outline here: the context asks for reduced motion).
      expect(await flashed(page, 'Jupiter')).toBe(true);
      const results = await visibleResults(page);
      expect(results.map((r) => r.text)).toEqual(['jupitr is correct!Auto-corrected to Jupiter']);
      const input = await page.locator('#guess').boundingBox();
      const prompt = await page.getByTestId('prompt').boundingBox();
      if (!input || !prompt) throw new Error('no guess box or prompt on screen');
      for (const { box } of results) {
        expect(overlaps(box, input)).toBe(false);
        expect(overlaps(box, prompt)).toBe(false);
      }
      // Nothing at all on top of them (no toast, no header): both fully in view.
      expect(await uncovered(page, '#guess')).toBe(true);
      expect(await uncovered(page, '[data-testid=prompt]')).toBe(true);
      expect(input.y + input.height).toBeLessThanOrEqual(viewport.height);
      expect(await focused(page)).toBe('#guess');
      await screenshot(page, `phone-result-line-${size}`);
    });
  }

  it('a refused hint is still the spec\'s error toast; the result line keeps the last result', async () => {
    const page = await open('/', PHONE);
    for (const name of ITEMS.slice(0, 9)) await guess(page, name);
    await pickHint(page, 'First Letter Hint');
    expect(await page.getByTestId('guess-feedback').textContent()).toBe('Answer 10 starts with C');
    await pickHint(page, 'First Letter Hint'); // the one item left has it already
    await page.locator('.toast').getByText('No more hints available for this type.').waitFor();
    expect(await page.getByTestId('guess-feedback').textContent()).toBe('Answer 10 starts with C');
    expect(await focused(page)).toBe('Hint? (1/5)');
  });

  it('once the last hint disables the hint button, the focus is in the guess box', async () => {
    const page = await open('/', PHONE);
    for (const name of ITEMS.slice(0, 5)) await guess(page, name);
    const trigger = page.getByRole('button', { name: /^Hint\? / });
    for (let i = 0; i < 5; i += 1) {
      await trigger.focus();
      await page.keyboard.press('ArrowUp'); // opens on Length Hint
      await page.getByRole('menuitem', { name: 'Length Hint' }).waitFor();
      expect(await focused(page)).toBe('Length Hint');
      await page.keyboard.press('Enter');
      await page.getByTestId('guess-feedback').getByText(`Answer ${String(6 + i)} has`).waitFor();
    }
    expect(await trigger.isDisabled()).toBe(true);
    expect(await focused(page)).toBe('#guess');
    expect(await page.getByTestId('guess-feedback').locator('p').count()).toBe(1);
  });

  it('a hint from the menu brings its slot into view below the fold, keeping the menu button in view', async () => {
    const page = await open('/', PHONE);
    // Found items move to the top, so the next hint goes to the 7th slot.
    for (const name of ITEMS.slice(0, 6)) await guess(page, name);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await recordFlashes(page);
    const target = page.locator('[data-testid=slot]').nth(6);
    const below = await target.boundingBox();
    expect(below && below.y + below.height > PHONE.height).toBe(true);
    await pickHint(page, 'First Letter Hint');
    await page.getByTestId('guess-feedback').getByText('Answer 7 starts with U').waitFor();
    await page.waitForFunction(() => {
      const slot = document.querySelectorAll('[data-testid=slot]')[6]?.getBoundingClientRect();
      return slot !== undefined && slot.bottom <= window.innerHeight && slot.top >= 56;
    });
    expect(await flashed(page, 'Starts with U')).toBe(true);
    expect(await uncovered(page, 'button[aria-haspopup=menu]')).toBe(true);
    expect(await focused(page)).toBe('Hint? (1/5)');
  });
});

describe('keyboard and screen readers', () => {
  it('first visit with the keyboard alone: How to play closes with Escape, and the guess counts', async () => {
    const { page, dialog } = await firstVisit();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('#guess');
    await typeGuess(page, 'venus', 'correct', '1/10');
    expect(await page.getByTestId('guess-feedback').textContent()).toBe('venus is correct!');
    await typeGuess(page, 'pizza', 'wrong', '1/8');
  });

  it('first visit with the keyboard alone: How to play closes with Enter on its Close button', async () => {
    const { page, dialog } = await firstVisit();
    // The dialog starts on its first control, the Close button; an accordion section in between
    // is opened with the keyboard on the way.
    expect(await focused(page)).toBe('Close');
    // Goal and guessing open from the start (a newcomer reads that typos are forgiven).
    const guessing = dialog.getByRole('button', { name: /Guessing/ });
    expect(await guessing.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await guessing.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Close');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('#guess');
    await typeGuess(page, 'mars', 'correct', '1/10');
    // Reload: How to play does not open again.
    await page.reload();
    await page.getByTestId('count-wrong').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('the hint menu follows the menu button pattern, and is axe clean open', async () => {
    const page = await open('/', PHONE);
    await guess(page, 'mercury');
    const trigger = page.getByRole('button', { name: /^Hint\? / });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: 'Hints' });
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await focused(page)).toBe('First Letter Hint');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('Length Hint');
    await page.keyboard.press('ArrowDown'); // wraps
    expect(await focused(page)).toBe('First Letter Hint');
    await page.keyboard.press('ArrowUp'); // wraps back
    expect(await focused(page)).toBe('Length Hint');
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe('First Letter Hint');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('Length Hint');
    await expectNoSeriousA11y(page, 'game with the hint menu open');
    await screenshot(page, 'hint-menu-open-375x812');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Hint? (0/5)');
    // Enter opens it on its first item; arrows and Enter pick.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    expect(await page.getByTestId('slot').nth(1).textContent()).toBe('2.5 letters(hinted)');
    expect(await page.getByTestId('guess-feedback').textContent()).toBe('Answer 2 has 5 letters');
    expect(await focused(page)).toBe('Hint? (1/5)');
    // ArrowUp opens it on its last item; Tab closes it.
    await page.keyboard.press('ArrowUp');
    await menu.waitFor();
    expect(await focused(page)).toBe('Length Hint');
    await page.keyboard.press('Tab');
    await menu.waitFor({ state: 'detached' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('every dialog and menu gives the focus back to its trigger', async () => {
    const page = await open('/', PHONE);
    const backTo = async (trigger: string, open: () => Promise<void>, close = () => page.keyboard.press('Escape')) => {
      await open();
      await page.getByRole('dialog').waitFor();
      await close();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await focused(page)).toBe(trigger);
    };
    const press = (name: string) => async () => {
      await page.getByRole('button', { name, exact: true }).focus();
      await page.keyboard.press('Enter');
    };
    await backTo('How to play', press('How to play'));
    await backTo('Archive calendar', press('Archive calendar'));
    // From the options menu: Settings, Calendar and Login / Sign Up come back to the menu's button.
    for (const item of ['Settings', 'Calendar', 'Login / Sign Up']) {
      await backTo('Options', async () => {
        await press('Options')();
        await page.getByRole('menu', { name: 'Options' }).waitFor();
        await page.getByRole('menuitem', { name: item }).focus();
        await page.keyboard.press('Enter');
      });
    }
    // The options menu itself: Escape back to its button.
    await press('Options')();
    await page.getByRole('menu', { name: 'Options' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('Options');
    // The drawer itself, and Patch Notes opened from it, come back to the drawer's button.
    await press('Open menu')();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('Open menu');
    await backTo('Open menu', async () => {
      await press('Open menu')();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Patch Notes' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    });
    // The game's end: its dialog opens by itself; closed, the focus is on the next step, not the body.
    await press('Give Up')();
    await page.keyboard.press('Enter'); // 'You sure?'
    const over = page.getByRole('dialog');
    await over.getByRole('heading', { name: 'You Erupted!' }).waitFor();
    await page.keyboard.press('Escape');
    await over.waitFor({ state: 'detached' });
    expect(await focused(page)).not.toBe('body');
    await backTo('See Stats', press('See Stats'));
  });

  it('the finished board says found, hinted and missed, shows misses unlike wrong guesses, and is axe clean', async () => {
    const page = await open('/', PHONE);
    for (const name of ['Venus', 'Earth', 'Saturn']) await guess(page, name);
    await guess(page, 'pizza');
    await pickHint(page, 'First Letter Hint');
    await pickHint(page, 'Length Hint');
    await pickHint(page, 'Length Hint');
    const states = () => page.locator('[data-testid=slot]').evaluateAll((slots) => slots.map((s) => (s as HTMLElement).dataset.state));
    expect(await states()).toEqual(['found', 'found', 'found', 'hinted', 'hinted', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden']);
    expect(await page.getByTestId('slot').nth(3).textContent()).toBe('4.Starts with M · 7 letters(hinted)');
    await atRest(page);
    await page.screenshot({ path: join(ARTIFACTS, 'board-hinted-375x812-full.png'), fullPage: true });
    expect((await counts(page)).score).toBe('260');
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
    const over = page.getByRole('dialog');
    await over.getByRole('heading', { name: 'You Erupted!' }).waitFor();
    await expectNoSeriousA11y(page, 'game over modal on a phone');
    await page.keyboard.press('Escape');
    await over.waitFor({ state: 'detached' });
    expect(await states()).toEqual(['found', 'found', 'found', 'missed', 'missed', 'missed', 'missed', 'missed', 'missed', 'missed']);
    expect(await page.getByTestId('slot').nth(0).textContent()).toBe('1.Saturn(found)');
    expect(await page.getByTestId('slot').nth(3).textContent()).toBe('4.Mercurymissed');
    // A miss is not a wrong guess: no strikethrough, not the wrong guesses' colour.
    const look = (selector: string) =>
      page.locator(selector).first().evaluate((el) => {
        const style = getComputedStyle(el);
        return { line: style.textDecorationLine, color: style.color };
      });
    const missed = await look('[data-testid=slot][data-state=missed] span:nth-child(2)');
    const wrong = await look('[data-testid=wrong-guesses] .line-through');
    expect(missed.line).not.toContain('line-through');
    expect(wrong.line).toContain('line-through');
    expect(missed.color).not.toBe(wrong.color);
    await expectNoSeriousA11y(page, 'finished board');
    await atRest(page);
    await page.screenshot({ path: join(ARTIFACTS, 'board-finished-375x812-full.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'board-finished-1280x800');
  });
});
