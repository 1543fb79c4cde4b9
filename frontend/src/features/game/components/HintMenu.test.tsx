// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HintMenu } from './HintMenu.tsx';

afterEach(cleanup);

const trigger = () => screen.getByRole('button', { name: /^Hint\?/ });
const items = () => screen.getAllByRole('menuitem');
const focused = () => document.activeElement?.textContent;
const key = (target: Element, name: string) => {
  fireEvent.keyDown(target, { key: name });
};
/**
 * The open menu (its chunk is loaded on first open), once the focus is in it: the focus moves
 * after the list renders, and a loaded machine showed the list a moment before.
 */
const menu = async () => {
  const list = await screen.findByRole('menu');
  await waitFor(() => {
    expect(list.contains(document.activeElement)).toBe(true);
  });
  return list;
};

describe('HintMenu: the ARIA menu button pattern', () => {
  it('opens on its first item, moves with the arrows (wrapping), Home and End', async () => {
    render(<HintMenu used={0} max={5} enabled onHint={vi.fn(() => true)} />);
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger()); // Enter or Space on a button
    const list = await menu();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(trigger().getAttribute('aria-controls')).toBe(list.id);
    expect(list.getAttribute('aria-label')).toBe('Hints');
    expect(focused()).toBe('First Letter Hint');
    key(list, 'ArrowDown');
    expect(focused()).toBe('Length Hint');
    key(list, 'ArrowDown');
    expect(focused()).toBe('First Letter Hint');
    key(list, 'ArrowUp');
    expect(focused()).toBe('Length Hint');
    key(list, 'Home');
    expect(focused()).toBe('First Letter Hint');
    key(list, 'End');
    expect(focused()).toBe('Length Hint');
    // A roving tabindex: only the item in focus is in the tab order.
    expect(items().map((i) => i.tabIndex)).toEqual([-1, 0]);
  });

  it('opens from the button with ArrowDown on the first item and ArrowUp on the last', async () => {
    render(<HintMenu used={0} max={5} enabled onHint={vi.fn(() => true)} />);
    key(trigger(), 'ArrowUp');
    key(await menu(), 'Escape'); // (focus settles once the list is there)
    key(trigger(), 'ArrowUp');
    await menu();
    expect(focused()).toBe('Length Hint');
    key(await menu(), 'Escape');
    key(trigger(), 'ArrowDown');
    await menu();
    expect(focused()).toBe('First Letter Hint');
  });

  it('closes on Escape with the focus back on the button, and on Tab', async () => {
    render(<HintMenu used={0} max={5} enabled onHint={vi.fn(() => true)} />);
    fireEvent.click(trigger());
    key(await menu(), 'Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger());
    key(await menu(), 'Tab');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on a pointer outside', async () => {
    render(<HintMenu used={0} max={5} enabled onHint={vi.fn(() => true)} />);
    fireEvent.click(trigger());
    await menu();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('gives the hint picked with the keyboard, then the focus is on the button again', async () => {
    const onHint = vi.fn(() => true);
    const { rerender } = render(<HintMenu used={0} max={5} enabled onHint={onHint} />);
    key(trigger(), 'ArrowDown');
    key(await menu(), 'End');
    fireEvent.click(document.activeElement as Element); // Enter on the focused item
    expect(onHint).toHaveBeenCalledWith('length');
    rerender(<HintMenu used={1} max={5} enabled onHint={onHint} />);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('sends the focus to the guess box when the last hint disables the button', async () => {
    const onHint = vi.fn(() => true);
    const page = (used: number, enabled: boolean) => (
      <section data-focus-home>
        <input id="guess" aria-label="Your guess" />
        <HintMenu used={used} max={5} enabled={enabled} onHint={onHint} />
      </section>
    );
    const { rerender } = render(page(4, true));
    fireEvent.click(trigger());
    await menu();
    fireEvent.click(items()[0] as Element);
    act(() => {
      rerender(page(5, false));
    });
    expect(document.activeElement?.id).toBe('guess');
  });

  it('leaves the focus alone after a refused hint', async () => {
    const onHint = vi.fn(() => false);
    const page = (enabled: boolean) => (
      <section data-focus-home>
        <input id="guess" aria-label="Your guess" />
        <HintMenu used={2} max={5} enabled={enabled} onHint={onHint} />
      </section>
    );
    const { rerender } = render(page(true));
    fireEvent.click(trigger());
    await menu();
    fireEvent.click(items()[1] as Element);
    expect(document.activeElement).toBe(trigger());
    // A later change (a guess found the last item) does not pull the focus to the button.
    (document.getElementById('guess') as HTMLInputElement).focus();
    rerender(page(false));
    expect(document.activeElement?.id).toBe('guess');
  });
});
