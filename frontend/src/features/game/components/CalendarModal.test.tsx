// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
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
const { CalendarModal } = await import('./CalendarModal.tsx');

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

describe.skipIf(FIRST >= TODAY)('CalendarModal', () => {
  it("marks the account's days played on another device", async () => {
    useUser.getState().setSession('token', { username: 'Ada', email: 'ada@example.com' });
    await openCalendar();
    const day = await screen.findByRole('link', { name: /, won$/ });
    expect(day.getAttribute('data-result')).toBe('won');
  });

  it('asks the server nothing for a guest', async () => {
    await openCalendar();
    await screen.findByRole('link');
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).not.toContain('/api/history/days');
  });
});
