import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n.ts';
import type { SessionMeta } from '../stores/session.ts';
import { SubmitterLine } from './SubmitterLine.tsx';

const text = (meta: SessionMeta, today?: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SubmitterLine meta={meta} today={today} />
    </MemoryRouter>,
  ).replace(/<[^>]+>/g, '');

const archive = (date: string): SessionMeta => ({ mode: 'archive', key: date, date, prompt: 'p', submitter: 'bob', dayNumber: 899 });

describe('SubmitterLine', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });

  it('names a past day an archive day', () => {
    expect(text(archive('2026-12-01'), '2026-12-07')).toBe('Archive Day 899 by bob');
  });

  it('names today or a scheduled day, opened by an admin through the archive, by its day only', () => {
    expect(text(archive('2026-12-07'), '2026-12-07')).toBe('Day 899 by bob');
    expect(text(archive('2026-12-20'), '2026-12-07')).toBe('Day 899 by bob');
  });

  it('names a community game as such', () => {
    expect(text({ mode: 'community', key: 'community/x', prompt: 'p', submitter: 'bob' }, '2026-12-07')).toBe('Community Game by bob');
  });
});
