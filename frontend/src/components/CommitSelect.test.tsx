// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommitSelect, SETTLE_MS } from './CommitSelect.tsx';

afterEach(cleanup);
beforeEach(() => {
  vi.useFakeTimers();
  return () => {
    vi.useRealTimers();
  };
});

function setup(value = '') {
  const onCommit = vi.fn();
  const view = render(
    <>
      <label htmlFor="c">Category</label>
      <CommitSelect id="c" value={value} onCommit={onCommit}>
        <option value="">All</option>
        <option value="geography">Geography</option>
        <option value="history">History</option>
        <option value="science">Science</option>
      </CommitSelect>
    </>,
  );
  const select = screen.getByLabelText<HTMLSelectElement>('Category');
  return { onCommit, select, view };
}

/** What a browser does for ArrowDown on a closed select: the key, then `change` at once. */
function arrowTo(select: HTMLSelectElement, value: string) {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value } });
}

describe('CommitSelect', () => {
  it('applies a run of ArrowDown steps once, after the pause, with the option reached', () => {
    const { onCommit, select } = setup();
    arrowTo(select, 'geography');
    arrowTo(select, 'history');
    arrowTo(select, 'science');
    expect(select.value).toBe('science');
    expect(onCommit).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('science');
  });

  it('applies at once on Enter, and on leaving the field', () => {
    const { onCommit, select } = setup();
    arrowTo(select, 'geography');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(onCommit).toHaveBeenLastCalledWith('geography');
    arrowTo(select, 'history');
    fireEvent.blur(select);
    expect(onCommit).toHaveBeenLastCalledWith('history');
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS);
    });
    expect(onCommit).toHaveBeenCalledTimes(2);
  });

  it('applies a pointer pick at once', () => {
    const { onCommit, select } = setup();
    fireEvent.pointerDown(select);
    fireEvent.change(select, { target: { value: 'history' } });
    expect(onCommit).toHaveBeenCalledWith('history');
  });

  it('does not apply a run that came back to the applied value', () => {
    const { onCommit, select } = setup('history');
    arrowTo(select, 'science');
    arrowTo(select, 'history');
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS);
    });
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('shows a value applied elsewhere (the back button)', () => {
    const { select, view } = setup('history');
    view.rerender(
      <>
        <label htmlFor="c">Category</label>
        <CommitSelect id="c" value="science" onCommit={vi.fn()}>
          <option value="">All</option>
          <option value="history">History</option>
          <option value="science">Science</option>
        </CommitSelect>
      </>,
    );
    expect(select.value).toBe('science');
  });
});
