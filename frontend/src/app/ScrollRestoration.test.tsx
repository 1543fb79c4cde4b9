// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './ScrollRestoration.tsx';

/** A page with the moves the tests make: to another page, Back and Forward. */
function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <p>{name}</p>
      <span id="details">details</span>
      <button type="button" onClick={() => void navigate('/game')}>to /game</button>
      <button type="button" onClick={() => void navigate('/game#details')}>to /game#details</button>
      <button type="button" onClick={() => void navigate(-1)}>back</button>
      <button type="button" onClick={() => void navigate(1)}>forward</button>
    </div>
  );
}

const scrollTo = vi.fn();

/** The player scrolls to `y`: the page's offset moves and the browser fires `scroll`. */
function scrollPageTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  sessionStorage.clear();
  scrollTo.mockReset();
  vi.spyOn(window, 'scrollTo').mockImplementation((...args: unknown[]) => {
    scrollTo(...args);
  });
  render(
    <MemoryRouter initialEntries={['/list']}>
      <Routes>
        <Route path="/list" element={<Page name="list" />} />
        <Route path="/game" element={<Page name="game" />} />
      </Routes>
      <ScrollRestoration />
    </MemoryRouter>,
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const go = async (move: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: move }));
    await Promise.resolve();
  });
};

describe('scroll restoration', () => {
  it('starts a new page at the top and puts a page left by Back where it was', async () => {
    expect(window.history.scrollRestoration).toBe('manual');
    scrollPageTo(640);
    await go('to /game');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollPageTo(80);
    await go('back');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await go('forward');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 80);
  });

  it('keeps the positions for a reload (sessionStorage)', async () => {
    scrollPageTo(300);
    await go('to /game');
    expect(Object.values(JSON.parse(sessionStorage.getItem('scrollPositions') ?? '{}') as Record<string, number>)).toContain(300);
  });

  it('scrolls a #hash target into view', async () => {
    const into = vi.fn();
    Element.prototype.scrollIntoView = into;
    await go('to /game#details');
    expect(into).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalledWith(0, 0);
  });
});
