// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './Toaster.tsx';

afterEach(cleanup);

describe('Toaster', () => {
  it("keeps clear of an open dialog's title and close button: at the bottom while one is open", () => {
    render(<Toaster />);
    expect(screen.getByTestId('toaster').classList.contains('toaster')).toBe(true);
    // happy-dom evaluates no :has(); the rule itself is what Chromium applies (phone.e2e.ts).
    const theme = readFileSync(resolve(import.meta.dirname, '../styles/theme.css'), 'utf8');
    expect(theme).toMatch(/:root:has\(dialog\[open\]\) \.toaster \{\s*top: auto;\s*bottom: 1rem;\s*\}/);
  });
});
