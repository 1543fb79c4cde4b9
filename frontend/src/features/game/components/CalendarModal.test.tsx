// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCoreSync } from '../../../test/nodeCore.ts';
import { urlOf } from '../../../test/fetch.ts';
import { makeQueryClient } from '../../../lib/queryClient.ts';
import { useUser } from '../../../stores/user.ts';

const core = loadCoreSync();
const ready = Promise.resolve(core);
vi.mock('../../../core/wasm.ts', () => ({ loadCore: () => ready }));
const { CalendarModal, dayLabel } = await import('./CalendarModal.tsx');
const { writeSave } = await import('../../../stores/saves.ts');
const { addDays } = await import('../../../lib/days.ts');
const { monthOf } = await import('../../../lib/calendarKeys.ts');
const { formatDate } = await import('../../../lib/dates.ts');
const { useEdition } = await import('../../../lib/edition.ts');
const { listEditionOf } = await import('../../../api/days.ts');

const TODAY = core.todayNewYork(Date.now());
const FIRST = `${TODAY.slice(0, 8)}01`;
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/previous-days')) return Promise.resolve(json({ games: [{ prompt: 'rocks', submitter: 'al', date: FIRST, dayNumber: 846, updatedAt: 'x' }] }));
    if (url.startsWith('/api/history/days')) return Promise.resolve(json({ days: [{ date: FIRST, score: 1000, won: true }] }));
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  useUser.getState().logout();
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function openCalendar() {
  await act(async () => {
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <MemoryRouter>
          <Suspense>
            <CalendarModal onClose={vi.fn()} />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await ready;
  });
}

/** A day begun on this device and left unfinished. */
function startSave(date: string) {
  writeSave(date, {
    version: 2, prompt: 'rocks', submitter: 'al', date, actions: [{ guess: 'granite' }], gameOver: false, won: false, score: 0,
    wrongGuesses: ['granite'], items: [], firstLetterHints: [], lengthHints: [], finalItems: null, submitted: false,
    submission: null, submitError: null, inputValue: '',
  });
}

describe('CalendarModal, today', () => {
  it('marks today with aria-current="date" and links it to today\'s game', async () => {
    await openCalendar();
    const today = await screen.findByRole('link', { name: dayLabel(TODAY, true, undefined) });
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.getAttribute('href')).toBe('/');
    expect(today.className).toContain('ring-2');
    expect(today.getAttribute('aria-label')).toBe(`${formatDate(TODAY)}, today`);
    // Exactly one day is today.
    expect(document.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
  });

  it("shows today's game begun but not finished as started", async () => {
    startSave(TODAY);
    await openCalendar();
    const today = await screen.findByRole('link', { name: `${formatDate(TODAY)}, today, started, not finished` });
    expect(today.getAttribute('data-result')).toBe('started');
    expect(today.querySelector('[data-mark="started"]')).not.toBeNull();
  });

  it('has a legend naming every symbol', async () => {
    await openCalendar();
    const legend = screen.getByRole('group', { name: 'Legend' });
    expect(legend.textContent.replace(/\s+/g, ' ').trim()).toBe('won erupted started today');
    expect(legend.querySelector('[data-mark="started"]')).not.toBeNull();
  });
});

describe('CalendarModal, the keyboard', () => {
  const tabStops = () => Array.from(document.querySelectorAll<HTMLElement>('[role=grid] [tabindex="0"]'));

  it('is a grid with one Tab stop, today, whatever the month holds', async () => {
    await openCalendar();
    await screen.findByRole('link', { name: dayLabel(TODAY, true, undefined) });
    expect(screen.getByRole('grid').getAttribute('aria-labelledby')).toBe('calendar-month');
    expect(tabStops().map((e) => e.dataset.date)).toEqual([TODAY]);
    expect(document.querySelectorAll('[role=grid] [tabindex="-1"]').length).toBeGreaterThan(26);
  });

  it('moves by day and week with the arrows, and a month with Page Up, taking the focus along', async () => {
    await openCalendar();
    const today = await screen.findByRole('link', { name: dayLabel(TODAY, true, undefined) });
    today.focus();
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect((document.activeElement as HTMLElement).dataset.date).toBe(addDays(TODAY, -1));
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect((document.activeElement as HTMLElement).dataset.date).toBe(addDays(TODAY, -8));
    expect(tabStops()).toHaveLength(1);
    fireEvent.keyDown(grid, { key: 'PageUp' });
    const focused = (document.activeElement as HTMLElement).dataset.date ?? '';
    expect(monthOf(focused) < monthOf(addDays(TODAY, -8))).toBe(true);
    expect(tabStops().map((e) => e.dataset.date)).toEqual([focused]);
  });

  it('never walks past the last day of the current month', async () => {
    await openCalendar();
    const today = await screen.findByRole('link', { name: dayLabel(TODAY, true, undefined) });
    today.focus();
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'PageDown' });
    const focused = (document.activeElement as HTMLElement).dataset.date ?? '';
    expect(monthOf(focused)).toBe(monthOf(TODAY));
  });
});

describe('dayLabel', () => {
  it('says the date, then today, then the mark', () => {
    expect(dayLabel('2026-11-25', false, 'won')).toBe(`${formatDate('2026-11-25')}, won`);
    expect(dayLabel('2026-11-25', false, 'lost')).toBe(`${formatDate('2026-11-25')}, erupted`);
    expect(dayLabel('2026-11-25', true, 'started')).toBe(`${formatDate('2026-11-25')}, today, started, not finished`);
  });
});

describe.skipIf(FIRST >= TODAY)('CalendarModal', () => {
  it("marks the account's days played on another device", async () => {
    useUser.getState().setSession('token', { username: 'Ada', email: 'ada@example.com' });
    await openCalendar();
    const day = await screen.findByRole('link', { name: /, won$/ });
    expect(day.getAttribute('data-result')).toBe('won');
  });

  it('marks a past day begun but not finished with the started symbol, not a result dot', async () => {
    startSave(FIRST);
    await openCalendar();
    const day = await screen.findByRole('link', { name: `${formatDate(FIRST)}, started, not finished` });
    expect(day.getAttribute('data-result')).toBe('started');
    expect(day.querySelector('[data-mark="started"]')).not.toBeNull();
    expect(day.getAttribute('aria-current')).toBeNull();
  });

  it('asks the server nothing for a guest', async () => {
    await openCalendar();
    await screen.findByRole('link');
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).not.toContain('/api/history/days');
  });
});

describe.skipIf(FIRST >= TODAY)('CalendarModal in a language without its own daily edition', () => {
  afterEach(() => {
    useEdition.setState({ edition: 'en' });
  });

  it("shows English's days (the edition an Arabic player plays) with the edition picker, its marks and links", async () => {
    useEdition.setState({ edition: 'ar' });
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url === '/api/previous-days?edition=ar') return Promise.resolve(json({ games: [] }));
      if (url === '/api/previous-days') return Promise.resolve(json({ games: [{ prompt: 'rocks', submitter: 'al', date: FIRST, dayNumber: 846, updatedAt: 'x' }] }));
      return Promise.resolve(new Response('{}', { status: 404 }));
    });
    startSave(FIRST);
    await openCalendar();
    const day = await screen.findByRole('link', { name: `${formatDate(FIRST)}, started, not finished` });
    expect(day.getAttribute('href')).toBe(`/archive/${FIRST}?edition=en`);
    expect(screen.getByTestId<HTMLSelectElement>('edition-picker').value).toBe('en');
  });

  it("keeps an edition that has days (Spanish in a Spanish interface)", async () => {
    useEdition.setState({ edition: 'es' });
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url === '/api/previous-days?edition=es') return Promise.resolve(json({ games: [{ prompt: 'rocas', submitter: 'al', date: FIRST, dayNumber: 846, updatedAt: 'x', edition: 'es' }] }));
      return Promise.resolve(new Response('{}', { status: 404 }));
    });
    await openCalendar();
    const day = await screen.findByRole('link', { name: formatDate(FIRST) });
    expect(day.getAttribute('href')).toBe(`/archive/${FIRST}?edition=es`);
    expect(screen.getByTestId<HTMLSelectElement>('edition-picker').value).toBe('es');
  });
});

describe('listEditionOf', () => {
  const days = (n: number) => ({ games: Array.from({ length: n }, () => ({ prompt: 'p', submitter: 's' })), total: n }) as never;
  it('keeps English and an edition with days, falls back to English otherwise, waits while unknown', () => {
    expect(listEditionOf('en', undefined, false)).toBe('en');
    expect(listEditionOf('es', days(3), false)).toBe('es');
    expect(listEditionOf('ar', days(0), false)).toBe('en');
    expect(listEditionOf('ar', undefined, true)).toBe('en');
    expect(listEditionOf('ar', undefined, false)).toBeUndefined();
  });
});
