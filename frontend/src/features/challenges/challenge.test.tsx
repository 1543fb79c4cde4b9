// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChallengeComparison, ChallengePreview } from '../../api/generated/index.ts';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { writeJson } from '../../lib/storage.ts';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import { storeOwnResult } from './api.ts';
import { Challenge } from './Challenge.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const preview: ChallengePreview = {
  id: 'abcdefghijklmnopqrstuv',
  prompt: 'planets',
  submitter: 'tester',
  creatorName: 'ann',
  date: '2026-11-20',
  dayNumber: 870,
  yours: false,
};
const comparison: ChallengeComparison = {
  challenge: preview,
  items: [
    { id: 1, name: 'Mercury', foundBy: 'both' },
    { id: 2, name: 'Venus', foundBy: 'creator' },
    { id: 3, name: 'Earth', foundBy: 'viewer' },
    { id: 4, name: 'Mars', foundBy: 'neither' },
  ],
  creator: { score: 700, found: 2, won: false, hints: 1, wrongGuesses: ['Vulcan'] },
  viewer: { score: 500, found: 2, won: false, hints: 0, wrongGuesses: ['Krypton', 'Gallifrey'] },
};

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/challenge/:id" element={<Challenge />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the challenge page', () => {
  it('shows both results side by side once the comparison is there', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.endsWith('/comparison')) return Promise.resolve(json(comparison));
      return Promise.resolve(json(preview));
    });
    renderAt(`/challenge/${preview.id}`);
    await screen.findByRole('heading', { name: 'You vs ann' });
    const figures = screen.getByRole('table', { name: 'Both results' });
    expect(within(figures).getByRole('row', { name: /Score/ }).textContent).toBe('Score500700');
    expect(within(figures).getByRole('row', { name: /Wrong guesses/ }).textContent).toBe('Wrong guesses21');
    expect(screen.getByTestId('found-both').textContent).toContain('Mercury');
    expect(screen.getByTestId('found-creator').textContent).toContain('Only ann (1)Venus');
    expect(screen.getByTestId('found-viewer').textContent).toContain('Earth');
    expect(screen.getByTestId('found-neither').textContent).toContain('Mars');
    expect(screen.getByText('Krypton, Gallifrey')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('ann wins this one.');
    // The userKey travels in a header, never in the URL.
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('X-User-Key')).toBeTruthy();
  });

  it('says so when the link does not work', async () => {
    fetchMock.mockResolvedValue(json({ error: 'No such challenge.', code: 'challengeNotFound' }, 404));
    renderAt('/challenge/nope');
    expect((await screen.findByRole('alert')).textContent).toContain('No such challenge.');
  });
});

describe('storing this browser’s result for a challenge', () => {
  it('stores a finished past day with its log, and nothing for an unfinished game', async () => {
    fetchMock.mockResolvedValue(json({ date: '2026-11-20', score: 100, found: 1, won: false }));
    const actions = [{ guess: 'Mercury' }, { giveUp: true }];
    const save = { version: 2, prompt: 'planets', submitter: 't', date: '2026-11-20', actions, gameOver: true, won: false, score: 100, wrongGuesses: [], items: [], firstLetterHints: [], lengthHints: [], finalItems: null, submitted: false, submission: null, submitError: null, inputValue: '' };
    writeJson('2026-11-20', save);
    expect(await storeOwnResult('2026-11-20')).toBe(true);
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(urlOf(input)).toBe('/api/challenges/archive-results');
    expect(bodyOf(init)).toMatchObject({ date: '2026-11-20', actions });

    fetchMock.mockClear();
    writeJson('2026-11-21', { ...save, date: '2026-11-21', gameOver: false });
    expect(await storeOwnResult('2026-11-21')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
