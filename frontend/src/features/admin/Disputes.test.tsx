// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisputeGroups } from '../../api/generated/index.ts';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { useToasts } from '../../stores/toasts.ts';
import { useUser } from '../../stores/user.ts';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import { Disputes } from './Disputes.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const GROUPS: DisputeGroups = {
  groups: [
    {
      gameUid: 'abc',
      prompt: 'Countries of Southern Africa',
      date: '2026-03-10',
      guessKey: 'eswatini',
      guess: 'Eswatini',
      count: 2,
      firstAt: '2026-03-10T17:00:00.000Z',
      lastAt: '2026-03-10T18:00:00.000Z',
      items: [
        { id: 1, name: 'Namibia', altSpellings: [] },
        { id: 7, name: 'Swaziland', altSpellings: [] },
      ],
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useToasts.setState({ toasts: [] });
  useUser.setState({ user: { username: 'root', email: 'root@example.com', role: 'admin' }, loaded: true });
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <MemoryRouter>
        <Disputes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [urlOf(url), bodyOf(init)]);

describe('Disputes tab', () => {
  it('lists the groups and accepts with the item picked', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).endsWith('/accept')
          ? json({ gameUid: 'abc', guessKey: 'eswatini', itemId: 7, addedSpelling: 'Eswatini', disputes: 2, results: 5, regraded: 3 })
          : json(GROUPS),
      ),
    );
    renderPage();
    await screen.findByText('“Eswatini”');
    expect(screen.getByText(/2 players/)).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Add as a spelling of'), { target: { value: '7' } });
    fireEvent.click(accept);
    await waitFor(() => {
      expect(posts()).toEqual([['/api/admin/disputes/accept', { gameUid: 'abc', guessKey: 'eswatini', itemId: 7 }]]);
    });
    await waitFor(() => {
      expect(useToasts.getState().toasts.map((t) => t.description)).toContain('3 of 5 results regraded.');
    });
  });

  it('rejects a group', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(urlOf(input).endsWith('/reject') ? json({ gameUid: 'abc', guessKey: 'eswatini', disputes: 2 }) : json(GROUPS)),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(posts()).toEqual([['/api/admin/disputes/reject', { gameUid: 'abc', guessKey: 'eswatini' }]]);
    });
  });

  it('says when nothing is open', async () => {
    fetchMock.mockResolvedValue(json({ groups: [] }));
    renderPage();
    expect(await screen.findByText('No open disputes.')).toBeTruthy();
  });

  it('is for admins only', () => {
    useUser.setState({ user: { username: 'ann', email: 'ann@example.com' }, loaded: true });
    renderPage();
    expect(screen.getByRole('alert').textContent).toBe('You are not authorized to perform this action.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
