// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../../test/fetch.ts';
import { useToasts } from '../../stores/toasts.ts';
import { useUser } from '../../stores/user.ts';
// The page as the app composes it: the profile (features/accounts) with the creator's numbers (features/community).
import { UserGames } from './UserGames.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const GAMES = {
  games: [
    { prompt: 'private one', submitter: 'Ada', uid: 'u1', type: 'community', public: false, status: 'unreviewed', updatedAt: '2026-11-22T00:00:00.000Z' },
    { prompt: 'public one', submitter: 'Ada', uid: 'u2', type: 'community', public: true, status: 'approved', updatedAt: '2026-11-21T00:00:00.000Z' },
    { prompt: 'turned down', submitter: 'Ada', uid: 'u3', type: 'community', public: false, status: 'denied', updatedAt: '2026-11-20T00:00:00.000Z' },
  ],
  total: 2,
};

function renderProfile(name: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/user/${name}`]}>
        <Routes>
          <Route path="/user/:profileName" element={<UserGames />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The creator's totals and stats (their own panels) answer here, outside `fetchMock`'s sequence of the list's calls. */
const CREATOR = /\/api\/(users\/[^/]+\/creator-totals|me\/creator-stats)$/;
const creatorAnswer = (url: string) =>
  json(200, url.endsWith('creator-totals') ? { games: 1, plays: 4, averageRating: 4.5, ratings: 2 } : { games: [] });

beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return CREATOR.test(url) ? Promise.resolve(creatorAnswer(url)) : fetchMock(input, init);
  });
  fetchMock.mockReset();
  useToasts.setState({ toasts: [] });
  useUser.setState({ user: null, loaded: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('profile', () => {
  it('the creator copies the link of each public game from its card; private ones and visitors get none', async () => {
    useUser.setState({ user: { username: 'ada', email: 'ada@example.com' }, loaded: true });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fetchMock.mockImplementation(() => Promise.resolve(json(200, GAMES)));
    renderProfile('Ada');
    await screen.findByText('Public one');
    const share = screen.getAllByRole('button', { name: /^Share a link to/ });
    expect(share.map((b) => b.getAttribute('aria-label'))).toEqual(['Share a link to “public one”']);
    const [first] = share;
    if (!first) throw new Error('no share button');
    fireEvent.click(first);
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/community/u2`);
    });
    await waitFor(() => {
      expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Link copied.', status: 'success' });
    });
    cleanup();
    useUser.setState({ user: null, loaded: true });
    renderProfile('Ada');
    await screen.findByText('Public one');
    expect(screen.queryAllByRole('button', { name: /^Share a link to/ })).toHaveLength(0);
  });

  it("a visitor sees '{name}'s Community Games' without visibility or delete, and the creator's totals", async () => {
    fetchMock.mockResolvedValue(json(200, { games: [GAMES.games[1]], total: 1 }));
    renderProfile('Ada');
    await screen.findByText('Public one');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Ada's Community Games");
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/community-games-paginated?page=1&limit=500&username=Ada');
    expect(screen.queryByTestId('visibility')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete game/ })).toBeNull();
    expect((await screen.findByTestId('creator-totals')).textContent).toBe('1 public game · 4 plays · 4.5 out of 5 from 2 ratings');
    expect(screen.queryByTestId('creator-stats')).toBeNull();
  });

  it("the owner (any case) sees 'Your Community Games', each game's visibility and deletes after confirming", async () => {
    useUser.setState({ user: { username: 'Ada', email: 'ada@example.com' } });
    fetchMock.mockResolvedValueOnce(json(200, GAMES));
    renderProfile('ada');
    await screen.findByText('Private one');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Community Games');
    expect(screen.getAllByTestId('visibility').map((v) => v.textContent.split('.')[0])).toEqual(['Private · awaiting approval', 'Public', 'Private · not approved']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete game: private one' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Are you sure you want to delete this game?');
    fetchMock.mockResolvedValueOnce(json(200, { uid: 'u1', message: 'Game deleted.' }));
    fetchMock.mockResolvedValueOnce(json(200, { games: [GAMES.games[1]], total: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByText('Private one')).toBeNull();
    });
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('DELETE');
    expect(urlOf(fetchMock.mock.calls[1]?.[0])).toBe('/api/game/uid/u1');
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['Game deleted.']);
  });

  it("an admin can delete on someone else's page; a refusal toasts 'An error occurred.' with the message", async () => {
    useUser.setState({ user: { username: 'Root', email: 'root@example.com', role: 'admin' } });
    fetchMock.mockResolvedValueOnce(json(200, GAMES));
    renderProfile('Ada');
    await screen.findByText('Private one');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Ada's Community Games");
    fireEvent.click(screen.getByRole('button', { name: 'Delete game: public one' }));
    fetchMock.mockResolvedValueOnce(json(403, { error: 'You are not authorized to perform this action.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'An error occurred.', description: 'You are not authorized to perform this action.' });
    });
    expect(screen.getByText('Public one')).toBeTruthy();
  });
});
