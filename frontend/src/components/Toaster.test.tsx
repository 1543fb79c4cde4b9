// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './Toaster.tsx';
import { toast, useToasts } from '../stores/toasts.ts';
import { useUi } from '../stores/ui.ts';

afterEach(() => {
  cleanup();
  useToasts.setState({ toasts: [] });
  useUi.setState({ modal: null });
});

describe('Toaster', () => {
  it("keeps clear of an open modal's title and close button: at the bottom while one is open", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Results copied to clipboard!', status: 'success' });
    });
    const toaster = screen.getByTestId('toaster');
    expect(toaster.className).toContain('top-2');
    act(() => {
      useUi.getState().open('gameOver');
    });
    expect(toaster.className).toContain('bottom-4');
    expect(toaster.className).not.toContain('top-2');
  });
});
