// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Modal } from './Modal.tsx';

afterEach(cleanup);

/** A page with a game-like home for the focus and a button that opens a modal. */
function Page({ disableTrigger = false }: { disableTrigger?: boolean }) {
  const [open, setOpen] = useState(false);
  // Like the game's input at its end: disabled while the modal is open, and for good.
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <section data-focus-home>
        <input id="guess" aria-label="Your guess" />
        <button type="button" disabled={disableTrigger && opened}
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
        >
          Open
        </button>
        <button type="button" onClick={() => {
          setConfirming(true);
        }}>
          Ask
        </button>
      </section>
      {open && (
        <Modal title="Test" onClose={() => {
          setOpen(false);
        }}>
          <p>Body</p>
        </Modal>
      )}
      {confirming && <ConfirmDialog message="Sure?" onConfirm={() => {
        setConfirming(false);
      }} onCancel={() => {
        setConfirming(false);
      }} />}
    </>
  );
}

describe('focus after a dialog closes', () => {
  it('goes back to the button that opened the modal', () => {
    render(<Page />);
    const open = screen.getByRole('button', { name: 'Open' });
    open.focus();
    fireEvent.click(open);
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => {
      screen.getByRole('button', { name: 'Close' }).focus();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('goes to the page’s home (the guess box) when nothing had it, as on a first visit', () => {
    render(<Page />);
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Open' })); // a click that leaves the focus on the body
    act(() => {
      screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true })); // Escape
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.id).toBe('guess');
  });

  it('goes to the home when the trigger was disabled meanwhile', () => {
    render(<Page disableTrigger />);
    const open = screen.getByRole('button', { name: 'Open' });
    open.focus();
    fireEvent.click(open);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement?.id).toBe('guess');
  });

  it('goes back to the trigger after a confirm dialog', () => {
    render(<Page />);
    const ask = screen.getByRole('button', { name: 'Ask' });
    ask.focus();
    fireEvent.click(ask);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(ask);
  });
});
