// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HowToPlayModal } from './HowToPlayModal.tsx';
import { useSettings } from '../../../stores/settings.ts';
import { loadCoreSync } from '../../../test/nodeCore.ts';
import { readRules } from '../../../core/game.ts';

afterEach(() => {
  cleanup();
  useSettings.getState().set('accordionIndex', 0);
});
const rules = readRules(loadCoreSync());
const section = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('HowToPlayModal', () => {
  it('opens with the goal and guessing showing, typos forgiven and one example', () => {
    render(<HowToPlayModal rules={rules} onClose={() => undefined} />);
    expect(section('The goal').getAttribute('aria-expanded')).toBe('true');
    expect(section('Guessing').getAttribute('aria-expanded')).toBe('true');
    expect(section('Hints and score').getAttribute('aria-expanded')).toBe('false');
    screen.getByText(/small typos are auto-corrected/);
    screen.getByText('Example: for “The ten biggest countries by area”, typing “Austrlia” counts as Australia.');
  });

  it('opens and closes each section on its own and remembers the last one opened', () => {
    render(<HowToPlayModal rules={rules} onClose={() => undefined} />);
    fireEvent.click(section('Hints and score'));
    expect(section('Hints and score').getAttribute('aria-expanded')).toBe('true');
    expect(useSettings.getState().accordionIndex).toBe(2);
    fireEvent.click(section('The goal'));
    expect(section('The goal').getAttribute('aria-expanded')).toBe('false');
    expect(section('Guessing').getAttribute('aria-expanded')).toBe('true');
    cleanup();
    render(<HowToPlayModal rules={rules} onClose={() => undefined} />);
    expect(section('Hints and score').getAttribute('aria-expanded')).toBe('true');
  });
});
