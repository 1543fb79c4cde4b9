// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerGrid } from './AnswerGrid.tsx';
import { formatHms } from './Countdown.tsx';
import { GiveUpButton } from './GiveUpButton.tsx';
import { guessFeedback, hintFeedback, hintToast, lengthText } from './guessFeedback.ts';
import { correctionText } from '../../../core/correction.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { GuessForm } from './GuessForm.tsx';
import { HintMenu } from './HintMenu.tsx';
import { Prompt } from './Prompt.tsx';
import { loadCoreSync } from '../../../test/nodeCore.ts';
import { gameDef } from '../../../test/fixtures.ts';
import { readRules, readView } from '../../../core/game.ts';

afterEach(cleanup);
const core = loadCoreSync();
const rules = readRules(core);

describe('GuessForm and input methods', () => {
  it('never guesses on the Enter that ends a composition (Japanese, Chinese, Korean)', () => {
    const onGuess = vi.fn();
    render(<GuessForm value="とうきょう" disabled={false} onChange={() => undefined} onGuess={onGuess} />);
    const input = screen.getByLabelText('Your guess');
    expect(input.getAttribute('dir')).toBe('auto');
    fireEvent.compositionStart(input);
    expect(fireEvent.keyDown(input, { key: 'Enter', isComposing: true })).toBe(false);
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(onGuess).not.toHaveBeenCalled();
    fireEvent.compositionEnd(input);
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(onGuess).toHaveBeenCalledWith('とうきょう');
  });
});

describe('Prompt', () => {
  it('reads in its own direction (dir="auto": a Hebrew prompt in an English interface)', () => {
    render(<Prompt text="הערים הגדולות בישראל" />);
    expect(screen.getByTestId('prompt').getAttribute('dir')).toBe('auto');
  });

  it('shows two skeleton lines while loading', () => {
    const { container } = render(<Prompt text={null} />);
    expect(container.querySelectorAll('.animate-pulse')).toHaveLength(2);
  });

  it('capitalises and turns runs of underscores into monospace blanks', () => {
    render(<Prompt text="name the __ and ___ but not _ this" />);
    const prompt = screen.getByTestId('prompt');
    expect(prompt.textContent).toBe('Name the __ and ___ but not _ this');
    expect(Array.from(prompt.querySelectorAll('.font-mono')).map((e) => e.textContent)).toEqual(['__', '___']);
  });
});

describe('GiveUpButton', () => {
  it("asks 'You sure?' first and gives up on the second click", () => {
    const onGiveUp = vi.fn();
    render(<GiveUpButton onGiveUp={onGiveUp} />);
    fireEvent.click(screen.getByRole('button', { name: 'Give Up' }));
    expect(onGiveUp).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'You sure?' }));
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });
});

describe('HintMenu', () => {
  it('offers both hint types and reports the pick', async () => {
    const onHint = vi.fn(() => true);
    render(<HintMenu used={2} max={rules.maxHints} enabled onHint={onHint} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hint? (2/5)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Length Hint' }));
    expect(onHint).toHaveBeenCalledWith('length');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is disabled when the core says so', () => {
    render(<HintMenu used={5} max={rules.maxHints} enabled={false} onHint={vi.fn()} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Hint? (5/5)' }).disabled).toBe(true);
  });
});

describe('AnswerGrid', () => {
  it('shows found items first, hints in their slots, and every answer at the end', () => {
    const game = new core.Game(gameDef());
    game.guess('mars');
    game.hint('firstLetter');
    game.hint('length');
    const { rerender } = render(<AnswerGrid def={gameDef()} view={readView(game)} />);
    const slots = screen.getAllByTestId('slot');
    expect(slots).toHaveLength(10);
    expect(slots[0]?.textContent).toContain('Mars');
    expect(slots[1]?.textContent).toContain('Starts with M · 7 letters');
    game.giveUp();
    rerender(<AnswerGrid def={gameDef()} view={readView(game)} />);
    expect(screen.getAllByTestId('slot')[9]?.textContent).toContain('Ceres');
    game.free();
  });

  it('says found, hinted and missed in text, and shows a miss unlike a wrong guess', () => {
    const def = { ...gameDef(), items: gameDef().items.map((it) => (it.id === 2 ? { ...it, name: 'Soviet Union' } : it)) };
    const game = new core.Game(def);
    game.guess('mercury');
    game.hint('length');
    const { rerender } = render(<AnswerGrid def={def} view={readView(game)} />);
    const slot = (state: string) => screen.getAllByTestId('slot').filter((s) => s.dataset.state === state);
    expect(slot('found')[0]?.textContent).toBe('1.Mercury(found)');
    expect(slot('hinted')[0]?.textContent).toBe('2.6 + 5 letters(hinted)');
    expect(slot('hinted')[0]?.querySelector('.sr-only')?.textContent).toBe('(hinted)');
    expect(slot('hidden')).toHaveLength(8);
    game.giveUp();
    rerender(<AnswerGrid def={def} view={readView(game)} />);
    expect(slot('found')).toHaveLength(1);
    const missed = slot('missed');
    expect(missed).toHaveLength(9);
    expect(missed[0]?.textContent).toBe('2.Soviet Unionmissed');
    // Its own look: no strikethrough, no wrong-guess pink.
    expect(missed.some((m) => /line-through|text-wrong|text-missed/.test(m.innerHTML + m.className))).toBe(false);
    game.free();
  });
});

describe('guess results', () => {
  it('uses the spec texts for every outcome', () => {
    expect(guessFeedback(' Mars ', { outcome: 'correct', itemId: 4, correction: null })).toEqual({ title: 'Mars is correct!', status: 'success' });
    expect(guessFeedback('x', { outcome: 'wrong', itemId: null, correction: null })).toEqual({ title: 'x is not on the list.', status: 'error' });
    expect(guessFeedback('mars', { outcome: 'correctAgain', itemId: 4, correction: null }).title).toBe('mars is correct, but you already guessed it!');
    expect(guessFeedback('x', { outcome: 'wrongAgain', itemId: null, correction: null })).toEqual({ title: 'x is still not correct.', status: 'error' });
    expect(guessFeedback('mras', { outcome: 'correct', itemId: 4, correction: { kind: 'fuzzyName', name: 'Mars' } }).description).toBe('Auto-corrected to Mars');
    expect(guessFeedback('x', { outcome: 'dance' as never, itemId: null, correction: null })).toEqual({ title: 'Unknown result', status: 'warning' });
    expect(guessFeedback('!!', { error: 'emptyGuess', message: 'Please enter a guess.' }).status).toBe('warning');
    expect(hintToast({ error: 'noMoreHintsOfType', message: 'No more hints available for this type.' }).title).toBe('No more hints available for this type.');
  });

  it('names the hinted slot and shows word breaks in a length', () => {
    expect(hintFeedback({ itemId: 3, kind: 'firstLetter', value: 'S' }, 2)).toEqual({ title: 'Answer 2 starts with S', status: 'info' });
    expect(hintFeedback({ itemId: 3, kind: 'length', value: 11, words: [6, 5] }, 4).title).toBe('Answer 4 has 6 + 5 letters');
    expect(lengthText(7, [7])).toBe('7 letters');
    expect(lengthText(7)).toBe('7 letters');
    expect(lengthText(11, [3, 2, 6])).toBe('3 + 2 + 6 letters');
  });

  it("words the core's correction in the interface's language, the spec's words in English", async () => {
    const fuzzy = { kind: 'fuzzyAlternative', name: 'Germany', spelling: 'Deutschland' } as const;
    expect(correctionText(fuzzy)).toBe("Auto-corrected to Germany's alternative spelling: Deutschland");
    expect(correctionText({ kind: 'alternative', name: 'India' })).toBe('Alternative wording for India');
    await activateLocale('ru');
    try {
      expect(correctionText({ kind: 'fuzzyName', name: 'Испания' })).toBe('Исправлено на Испания');
      expect(correctionText(fuzzy)).toBe('Исправлено на Germany (другое написание: Deutschland)');
      await activateLocale('ja');
      expect(correctionText({ kind: 'alternative', name: 'イギリス' })).toBe('イギリスの別の言い方です');
    } finally {
      await activateLocale('en');
    }
  });

  it('isolates Latin letters, names and numbers in a right-to-left interface (no reordering)', async () => {
    await activateLocale('ar');
    try {
      expect(lengthText(8, [2, 6])).toBe('\u20682 + 6\u2069 أحرف');
      expect(hintFeedback({ itemId: 3, kind: 'firstLetter', value: 'U' }, 2).title).toBe('الإجابة 2 تبدأ بـ \u2068U\u2069');
      expect(correctionText({ kind: 'fuzzyName', name: 'Italy' })).toBe('صُحّح تلقائيًا إلى \u2068Italy\u2069');
    } finally {
      await activateLocale('en');
    }
    // Left to right, nothing is added: English keeps the spec's bytes.
    expect(hintFeedback({ itemId: 3, kind: 'firstLetter', value: 'U' }, 2).title).toBe('Answer 2 starts with U');
  });
});

describe('small helpers', () => {
  it('formats the countdown', () => {
    expect(formatHms(3 * 3600 + 4 * 60 + 5)).toBe('03:04:05');
    expect(formatHms(-1)).toBe('00:00:00');
  });
});
