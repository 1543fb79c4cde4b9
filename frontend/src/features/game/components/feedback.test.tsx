// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultLine } from './ResultLine.tsx';
import { reportGuess } from './guessFeedback.ts';
import { flash, revealSlot, scrollNeeded } from './revealSlot.ts';
import { clearFeedback, showFeedback, useFeedback } from '../stores/feedback.ts';
import { useToasts } from '../../../stores/toasts.ts';

afterEach(() => {
  cleanup();
  clearFeedback();
});

describe('the result line', () => {
  it('shows only the newest result: three quick guesses leave one line, and no toast', () => {
    render(<ResultLine />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => {
      reportGuess('mars', { outcome: 'correct', itemId: 4, correction: null });
      reportGuess('pizza', { outcome: 'wrong', itemId: null, correction: null });
      reportGuess('jupitr', { outcome: 'correct', itemId: 5, correction: { kind: 'fuzzyName', name: 'Jupiter' } });
    });
    expect(region.querySelectorAll('p')).toHaveLength(1);
    expect(region.textContent).toBe('jupitr is correct!Auto-corrected to Jupiter');
    expect(region.querySelector('p')?.dataset.status).toBe('success');
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it('asks for the found slot to be revealed, and not for a wrong guess', () => {
    reportGuess('mars', { outcome: 'correctAgain', itemId: 4, correction: null });
    expect(useFeedback.getState().reveal?.itemId).toBe(4);
    reportGuess('pizza', { outcome: 'wrongAgain', itemId: null, correction: null });
    expect(useFeedback.getState().reveal).toBeNull();
    reportGuess('', { error: 'emptyGuess', message: 'Please enter a guess.' });
    expect(useFeedback.getState().line?.status).toBe('warning');
  });

  it('re-renders the same text as a new line, so a live region reads it again', () => {
    render(<ResultLine />);
    act(() => {
      showFeedback({ title: 'x is still not correct.', status: 'error' });
    });
    const first = screen.getByText('x is still not correct.').parentElement;
    act(() => {
      showFeedback({ title: 'x is still not correct.', status: 'error' });
    });
    expect(screen.getByText('x is still not correct.').parentElement).not.toBe(first);
  });
});

describe('revealing a slot', () => {
  // Header bottom at 56, viewport bottom at 460 (a phone with its keyboard open).
  it('scrolls only as far as the slot needs', () => {
    expect(scrollNeeded({ top: 100, bottom: 150 }, null, 56, 460)).toBe(0);
    expect(scrollNeeded({ top: 500, bottom: 550 }, null, 56, 460)).toBe(98);
    expect(scrollNeeded({ top: 20, bottom: 70 }, null, 56, 460)).toBe(-44);
  });

  it('never pushes what must stay in view (the prompt while typing) under the header', () => {
    expect(scrollNeeded({ top: 500, bottom: 550 }, { top: 76, bottom: 160 }, 56, 460)).toBe(12);
    expect(scrollNeeded({ top: 500, bottom: 550 }, { top: 60, bottom: 160 }, 56, 460)).toBe(0);
    expect(scrollNeeded({ top: 20, bottom: 70 }, { top: 300, bottom: 440 }, 56, 460)).toBe(-12);
  });

  it('flashes the slot, from the start again when revealed again, still under reduced motion', () => {
    const slot = document.createElement('li');
    document.body.append(slot);
    const running = { cancel: vi.fn() };
    const animate = vi.fn(() => running as unknown as Animation);
    Object.assign(slot, { animate, getAnimations: () => (animate.mock.calls.length ? [running] : []) });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    revealSlot(slot, null);
    expect(animate).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(animate.mock.calls[0])).toContain('boxShadow');
    flash(slot, true);
    expect(running.cancel).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(animate.mock.calls[1])).toContain('outline');
    expect(document.activeElement).toBe(document.body);
    scrollBy.mockRestore();
    slot.remove();
  });
});
