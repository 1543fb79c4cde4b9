// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('starts on the safe answer and cancels on Escape', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<ConfirmDialog message="Are you sure you want to navigate away?" confirmLabel="Leave" cancelLabel="Stay" tone="danger" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Are you sure you want to navigate away?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }));
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('disables both answers while busy', () => {
    render(<ConfirmDialog message="?" busy onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByRole('button', { name: 'Working…' })).toBeTruthy();
  });
});
