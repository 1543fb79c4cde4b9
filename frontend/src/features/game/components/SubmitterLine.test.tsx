// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmitterLine } from './SubmitterLine.tsx';
import type { SessionMeta } from '../stores/session.ts';

afterEach(cleanup);

const day = (date: string, dayNumber: number): SessionMeta => ({ mode: 'archive', key: date, date, prompt: 'p', submitter: 'ann', dayNumber });
const line = (meta: SessionMeta, today: string) => {
  render(
    <MemoryRouter>
      <SubmitterLine meta={meta} today={today} />
    </MemoryRouter>,
  );
  return screen.getByTestId('submitter').textContent;
};

describe('SubmitterLine', () => {
  it('a past day is an archive day', () => {
    expect(line(day('2026-11-01', 846), '2026-12-07')).toBe('Archive Day 846 by ann');
  });

  it('a future daily (opened by date after an edit) reads as the day it will be, not an archive day', () => {
    expect(line(day('2027-01-02', 908), '2026-12-07')).toBe('Day 908 by ann');
  });
});
