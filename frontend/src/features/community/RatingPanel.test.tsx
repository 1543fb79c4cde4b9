// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RatingSummary } from '../../api/generated/index.ts';
import { activateLocale, loadMoreMessages } from '../../lib/i18n.ts';

let summary: RatingSummary = { count: 0, canRate: true };
const rateGame = vi.fn((_uid: string, stars: number) => Promise.resolve({ ...summary, stars, count: 1, average: stars }));
vi.mock('./api.ts', () => ({
  ratingKey: (uid: string) => ['rating', uid],
  useRating: () => ({ data: summary }),
  rateGame: (uid: string, stars: number) => rateGame(uid, stars),
}));
const { RatingPanel, RATING_SETTLE_MS } = await import('./RatingPanel.tsx');

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

beforeAll(async () => {
  await activateLocale('en');
  await loadMoreMessages();
});
beforeEach(() => {
  vi.useFakeTimers();
  summary = { count: 0, canRate: true };
  rateGame.mockClear();
  return () => {
    vi.useRealTimers();
  };
});
afterEach(cleanup);

const star = (n: number) => screen.getByRole<HTMLInputElement>('radio', { name: n === 1 ? '1 star' : `${String(n)} stars` });

/** What Chromium does for an arrow key in a radio group: the key, then the next radio focused and checked. */
function arrowTo(n: number) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowRight' });
  star(n).focus();
  fireEvent.click(star(n));
}

describe('RatingPanel', () => {
  it('moves the checked star with the arrows, keeps focus on it, and saves the star settled on once', async () => {
    render(<RatingPanel uid="g1" />, { wrapper });
    star(1).focus();
    arrowTo(2);
    arrowTo(3);
    arrowTo(4);
    expect(star(4).checked).toBe(true);
    expect(document.activeElement).toBe(star(4));
    expect(rateGame).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RATING_SETTLE_MS);
    });
    expect(rateGame).toHaveBeenCalledTimes(1);
    expect(rateGame).toHaveBeenCalledWith('g1', 4);
    expect(document.activeElement).toBe(star(4));
    expect(star(4).disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Thanks: you rated this game 4 out of 5.');
  });

  it('goes to 1 and 5 stars with Home and End', async () => {
    render(<RatingPanel uid="g1" />, { wrapper });
    star(3).focus();
    fireEvent.keyDown(star(3), { key: 'End' });
    expect(document.activeElement).toBe(star(5));
    expect(star(5).checked).toBe(true);
    fireEvent.keyDown(star(5), { key: 'Home' });
    expect(document.activeElement).toBe(star(1));
    expect(star(1).checked).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RATING_SETTLE_MS);
    });
    expect(rateGame.mock.calls).toEqual([['g1', 1]]);
  });

  it('saves a click or Space at once, and a resting choice on Enter', async () => {
    render(<RatingPanel uid="g1" />, { wrapper });
    fireEvent.pointerDown(star(2));
    fireEvent.click(star(2));
    await act(async () => {
      await Promise.resolve();
    });
    expect(rateGame).toHaveBeenLastCalledWith('g1', 2);
    arrowTo(3);
    fireEvent.keyDown(star(3), { key: 'Enter' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(rateGame).toHaveBeenLastCalledWith('g1', 3);
    expect(rateGame).toHaveBeenCalledTimes(2);
  });

  it('says a failure in the panel, as an alert', async () => {
    rateGame.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    render(<RatingPanel uid="g1" />, { wrapper });
    fireEvent.click(star(5));
    await act(async () => {
      await Promise.resolve();
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe('Rating not saved offline');
  });

  it('starts on the saved stars and offers no stars before the result is stored', () => {
    summary = { count: 3, average: 4, stars: 4, canRate: true };
    const { unmount } = render(<RatingPanel uid="g1" />, { wrapper });
    expect(star(4).checked).toBe(true);
    unmount();
    summary = { count: 0, canRate: false };
    render(<RatingPanel uid="g1" />, { wrapper });
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });
});
