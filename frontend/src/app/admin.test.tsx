// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCoreSync } from '../test/nodeCore.ts';
import { formCore } from '../core/forms.ts';

// The first cases load the lazy explore screens cold, which took over the default second on a
// loaded machine; the waits still end as soon as the screen is there.
configure({ asyncUtilTimeout: 5000 });
import { NAMES } from '../test/fixtures.ts';
import { bodyOf, urlOf } from '../test/fetch.ts';
import { makeQueryClient } from '../lib/queryClient.ts';
import { useToasts } from '../stores/toasts.ts';
import { encodeUser, useUser, type User } from '../stores/user.ts';
import { problems, requiredFields, toEditBody, toFormState, validate } from '../features/admin/editForm.ts';
import { ApiError, get } from '../lib/apiClient.ts';
import { describeError } from '../lib/describeError.ts';
import { pageTitle } from './titles.ts';

const core = loadCoreSync();
const ready = Promise.resolve(core);
vi.mock('../core/wasm.ts', () => ({ loadCore: () => ready }));
const { AppRoutes } = await import('./router.tsx');

const FUTURE = core.todayNewYork(Date.now() + 5 * 86_400_000);
const ADMIN: User = { username: 'Root', email: 'root@example.com', role: 'admin' };
const PLAYER: User = { username: 'Ann', email: 'ann@example.com' };

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const game = (extra: object = {}) => ({
  prompt: 'bodies __ orbiting',
  submitter: 'bob',
  updatedAt: '2026-01-01T00:00:00.000Z',
  items: NAMES.map((name, i) => ({ id: i + 1, name, altSpellings: name === 'Earth' ? ['Terra', 'The World'] : [] })),
  ...extra,
});
const list = (prompt: string) => ({ total: 1, games: [{ prompt, submitter: 'al', uid: 'u1', type: 'community', public: false, updatedAt: 'x' }] });

/** Who `/api/user` says the stored session is. */
let sessionUser: User | null = null;

function routeApi(url: string, init?: RequestInit): Response {
  if (url === '/api/user') return sessionUser ? json({ user: sessionUser }) : json({ error: 'Please log in.' }, 401);
  if (url.startsWith('/api/game/date/')) return json(game({ date: url.slice(-10), dayNumber: core.dayNumber(url.slice(-10)) }));
  if (url.startsWith('/api/previous-days-paginated')) return json({ total: 1, games: [{ prompt: 'rocks', submitter: 'al', date: '2026-11-01', dayNumber: 846, updatedAt: 'x' }] });
  if (url.startsWith('/api/future-days-paginated')) return json({ total: 1, games: [{ prompt: 'tomorrow', submitter: 'al', date: FUTURE, dayNumber: core.dayNumber(FUTURE), updatedAt: 'x' }] });
  if (url.includes('/api/admin/review-games') && url.includes('status=unreviewed')) return json(list('waiting for review'));
  if (url.includes('/api/admin/review-games') && url.includes('status=denied')) return json(list('hidden one'));
  if (url === '/api/game/edit/u1' && init?.method === 'PUT') return json(game({ uid: 'u1', type: 'community', public: true, ...(bodyOf(init) as object) }));
  if (url === '/api/game/edit/u1') return json(game({ uid: 'u1', type: 'community', public: false }));
  if (url === '/api/game/edit/day1') return json(game({ uid: 'day1', public: true, date: '2026-11-01', dayNumber: 846 }));
  if (url.startsWith('/api/game/edit/')) return json({ error: 'Game uid not found.', code: 'gameNotFound' }, 404);
  if (url === '/api/admin/disputes') return json({ groups: [] });
  if (url === '/api/admin/reports') return json({ games: [] });
  return json({ error: 'not found' }, 404);
}

beforeEach(() => {
  localStorage.setItem('howToPlayModalShown', 'true');
  useToasts.setState({ toasts: [] });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input, init) => Promise.resolve(routeApi(urlOf(input), init)));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Opens `path` as a fresh page load with `user` signed in (stored as the app stores it), or as a guest. */
async function visit(path: string, user: User | null) {
  sessionUser = user;
  if (user) {
    localStorage.setItem('authToken', 'token');
    localStorage.setItem('user', encodeUser(user));
  }
  useUser.setState({ user, loaded: false });
  await act(async () => {
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await Promise.resolve();
  });
}

const location = () => screen.getByTestId('location').textContent;
const tabs = async () => within(await screen.findByRole('navigation', { name: 'Lists' })).getAllByRole('link').map((a) => a.textContent);

describe('explore tabs by role', () => {
  it('shows admins Future Days, Review Games, Reports, Hidden Games, Insights and Disputes', async () => {
    await visit('/explore/archive', ADMIN);
    expect(await tabs()).toEqual(['Daily Archive', 'Community', 'Future Days', 'Review Games', 'Reports', 'Hidden Games', 'Insights', 'Disputes']);
  });

  it.each([
    ['disputes', 'Disputes'],
    ['reports', 'Reported games'],
  ])('keeps the tab row on explore/%s', async (subpath, heading) => {
    await visit(`/explore/${subpath}`, ADMIN);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(await tabs()).toHaveLength(8);
    const current = within(screen.getByRole('navigation', { name: 'Lists' })).getByRole('link', { current: 'page' });
    expect(current.getAttribute('href')).toBe(`/explore/${subpath}`);
  });

  it.each([['a guest', null], ['a player', PLAYER]])('shows %s only the public lists', async (_, user) => {
    await visit('/explore/archive', user);
    expect(await tabs()).toEqual(['Daily Archive', 'Community']);
  });

  it.each(['review', 'denied', 'future', 'insights', 'reports', 'disputes'])('sends a player at explore/%s to the archive list', async (subpath) => {
    await visit(`/explore/${subpath}`, PLAYER);
    await waitFor(() => {
      expect(location()).toBe('/explore/archive');
    });
  });

  it('waits for a stored user to be confirmed before deciding', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation((input, init) => {
      const url = urlOf(input);
      if (url === '/api/user') return new Promise((r) => (answer = r));
      return Promise.resolve(routeApi(url, init));
    });
    localStorage.setItem('authToken', 't');
    localStorage.setItem('user', encodeUser(PLAYER));
    useUser.setState({ user: PLAYER, loaded: false });
    await act(async () => {
      render(
        <QueryClientProvider client={makeQueryClient()}>
          <MemoryRouter initialEntries={['/explore/review']}>
            <AppRoutes />
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      await Promise.resolve();
    });
    expect(location()).toBe('/explore/review');
    // The server says this user is an admin now: the list stays.
    await act(async () => {
      answer(json({ user: { ...PLAYER, role: 'admin' } }));
      await Promise.resolve();
    });
    await screen.findByText('Waiting for review');
    expect(location()).toBe('/explore/review');
  });

  it.each([
    ['review', 'status=unreviewed', 'Waiting for review'],
    ['denied', 'status=denied', 'Hidden one'],
  ])('lists explore/%s for admins from the review endpoint', async (subpath, status, prompt) => {
    await visit(`/explore/${subpath}`, ADMIN);
    await screen.findByText(prompt);
    const call = fetchMock.mock.calls.map(([u]) => urlOf(u)).find((u) => u.includes(status)) ?? '';
    expect(new URL(call, 'http://x').searchParams.get('limit')).toBe('12');
  });

  it('opens a future day by date for admins', async () => {
    await visit('/explore/future', ADMIN);
    const card = await screen.findByRole('link', { name: /Tomorrow/ });
    expect(card.getAttribute('href')).toBe(`/archive/${FUTURE}`);
  });
});

describe('archive days for admins', () => {
  it('lets an admin play a future day', async () => {
    await visit(`/archive/${FUTURE}`, ADMIN);
    await screen.findByTestId('prompt');
    expect(location()).toBe(`/archive/${FUTURE}`);
  });

  it.each([['a guest', null], ['a player', PLAYER]])('sends %s at a future day to /', async (_, user) => {
    await visit(`/archive/${FUTURE}`, user);
    await waitFor(() => {
      expect(location()).toBe('/');
    });
  });
});

describe('admin buttons on the game screen', () => {
  it('shows Show Stats and Edit Game to admins, and Show Stats opens the stats mid-game', async () => {
    fetchMock.mockImplementation((input, init) => {
      const url = urlOf(input);
      if (url.startsWith('/api/game/uid/')) return Promise.resolve(json(game({ uid: 'u1', type: 'community' })));
      if (url.startsWith('/api/game/community-stats/')) return Promise.resolve(json({ stats: { 1: 0.5 }, standing: null, playerCount: 4, averageScore: 310, playedStreak: 0, wonStreak: 0, histogram: [{ bucket: 31, players: 4 }], minPlayers: 4, enoughPlayers: true }));
      return Promise.resolve(routeApi(url, init));
    });
    await visit('/community/u1', ADMIN);
    await screen.findByTestId('prompt');
    expect(screen.getByRole('link', { name: 'Edit Game' }).getAttribute('href')).toBe('/edit/u1');
    fireEvent.click(screen.getByRole('button', { name: 'Show Stats' }));
    await screen.findByRole('heading', { name: 'Game Stats' });
    expect(within(await screen.findByTestId('stats')).getByText('4')).toBeTruthy();
    // The score distribution, drawn and as a table; mid-game no bar is the player's.
    const chart = await screen.findByTestId('score-chart');
    expect(within(chart).getByRole('row', { name: '300–399 4' })).toBeTruthy();
    expect(within(chart).queryByText(/yours/)).toBeNull();
    // Mid-game: no score in the stats query, no Share.
    expect(fetchMock.mock.calls.map(([u]) => urlOf(u)).find((u) => u.startsWith('/api/game/community-stats/'))).not.toContain('score=');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('disables Edit Game on a game that came without a uid (the empty-day placeholder)', async () => {
    await visit('/archive/2026-11-01', ADMIN);
    await screen.findByTestId('prompt');
    const edit = screen.getByRole<HTMLButtonElement>('button', { name: 'Edit Game' });
    expect(edit.disabled).toBe(true);
    expect(document.getElementById(edit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Nothing is scheduled for this day, so there is no game to edit.',
    );
  });

  it('shows neither to other players', async () => {
    await visit('/archive/2026-11-01', PLAYER);
    await screen.findByTestId('prompt');
    expect(screen.queryByRole('button', { name: 'Show Stats' })).toBeNull();
    expect(screen.queryByText('Edit Game')).toBeNull();
  });
});

describe('edit form rules', () => {
  const state = toFormState(game({ uid: 'u1', public: true }));

  it('splits spellings on commas, trimmed, empties dropped, and keeps item ids', () => {
    const body = toEditBody(formCore, {
      ...state,
      prompt: '  new prompt ',
      items: state.items.map((it, i) => (i === 2 ? { ...it, name: ' Earth ', spellings: ' Terra ,, the world,  ,Gaia ' } : it)),
    });
    expect(body.prompt).toBe('new prompt');
    expect(body.public).toBe(true);
    expect(body.items[2]).toEqual({ id: 3, name: 'Earth', altSpellings: ['Terra', 'the world', 'Gaia'] });
    expect(body.items.map((it) => it.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("finds the prompt and item names that are empty after trimming (the core's 'required')", () => {
    const emptyFields = (s: typeof state) => requiredFields(problems(formCore, toEditBody(formCore, s))).map((e) => e.field);
    expect(emptyFields(state)).toEqual([]);
    const blank = { ...state, prompt: '   ', items: state.items.map((it, i) => (i === 4 ? { ...it, name: ' \t' } : it)) };
    expect(emptyFields(blank)).toEqual(['prompt', 'items.4.name']);
  });

  it("uses the core's rules for the rest (duplicate names)", () => {
    const dup = toEditBody(formCore, { ...state, items: state.items.map((it, i) => (i === 1 ? { ...it, name: 'mercury' } : it)) });
    expect(Object.keys(validate(formCore, dup))).toContain('items.1.name');
    expect(validate(formCore, toEditBody(formCore, state))).toEqual({});
  });

  it("reads the field out of the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'At most 100 characters.', code: 'tooLong', field: 'items.3.name' }, 400));
    const named = await get('/api/x').catch((e: unknown) => e);
    expect(named).toBeInstanceOf(ApiError);
    expect({ field: (named as ApiError).field, message: (named as ApiError).message }).toEqual({ field: 'items.3.name', message: 'At most 100 characters.' });
    expect((named as ApiError).code).toBe('tooLong');
    expect(describeError(named)).toBe('items.3.name: At most 100 characters.');
    fetchMock.mockResolvedValueOnce(json({ error: 'Please remove any bad words.', code: 'profanity' }, 400));
    const whole = await get('/api/x').catch((e: unknown) => e);
    expect((whole as ApiError).field).toBeNull();
  });
});

describe('edit page', () => {
  it.each([['a guest', null], ['a player', PLAYER]])('tells %s they may not edit', async (_, user) => {
    await visit('/edit/u1', user);
    await screen.findByText('You do not have permission to edit games.');
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u).startsWith('/api/game/edit/'))).toBe(false);
  });

  it("is titled 'Edit Game'", () => {
    expect(pageTitle('/edit/u1', () => undefined)).toBe('Lavalist - Edit Game');
  });

  it('hides the Public switch on a daily game', async () => {
    await visit('/edit/day1', ADMIN);
    expect((await screen.findByTestId('edit-kind')).textContent).toContain('Daily game of');
    expect(screen.queryByRole('switch', { name: 'Public' })).toBeNull();
    expect(screen.queryByText('Listed for everyone under Community.')).toBeNull();
  });

  it('shows the Public switch on a community game', async () => {
    await visit('/edit/u1', ADMIN);
    expect(await screen.findByRole('switch', { name: 'Public' })).toBeTruthy();
  });

  it('says when the uid is unknown', async () => {
    await visit('/edit/nope', ADMIN);
    await screen.findByText('Game uid not found.');
  });

  it("refuses empty fields with 'Fill out all fields' and sends nothing", async () => {
    await visit('/edit/u1', ADMIN);
    const name = await screen.findByLabelText(/^Item 3 name$/i);
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByTestId('edit-error');
    expect(screen.getByTestId('edit-error').textContent).toBe('Fill out all fields');
    expect(useToasts.getState().toasts).toEqual([]); // shown once, in the form
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    // Filling it in clears the field's error and, with none left, the form's.
    fireEvent.change(name, { target: { value: 'Earth' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('edit-error')).toBeNull();
  });

  it('saves {prompt, public, items: [{id, name, altSpellings}]} and plays the community game', async () => {
    await visit('/edit/u1', ADMIN);
    fireEvent.change(await screen.findByLabelText('Prompt'), { target: { value: ' planets and friends ' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Public' }));
    fireEvent.change(screen.getByLabelText(/^Item 3 alternative spellings$/i), { target: { value: 'Terra, , Gaia ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => {
      expect(location()).toBe('/community/u1');
    });
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = bodyOf(put?.[1]) as { prompt: string; public: boolean; items: { id: number; name: string; altSpellings: string[] }[] };
    expect(urlOf(put?.[0])).toBe('/api/game/edit/u1');
    expect(Object.keys(body).sort()).toEqual(['items', 'prompt', 'public']);
    expect(body.prompt).toBe('planets and friends');
    expect(body.public).toBe(true);
    expect(body.items).toHaveLength(10);
    expect(body.items[2]).toEqual({ id: 3, name: 'Earth', altSpellings: ['Terra', 'Gaia'] });
    expect(useToasts.getState().toasts.map((t) => t.title)).toContain('Game updated successfully!');
  });

  it('shows, edits and saves not-accepted spellings (left out of the body when empty)', async () => {
    await visit('/edit/u1', ADMIN);
    const field = await screen.findByLabelText(/^Item 4 Not accepted$/i);
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: 'Madras, ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => {
      expect(location()).toBe('/community/u1');
    });
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = bodyOf(put?.[1]) as { items: { id: number; name: string; altSpellings: string[]; rejectedSpellings?: string[] }[] };
    expect(body.items[3]).toEqual({ id: 4, name: 'Mars', altSpellings: [], rejectedSpellings: ['Madras'] });
    expect(body.items[2]).not.toHaveProperty('rejectedSpellings');
  });

  it("shows the server's refusal on the field it names", async () => {
    fetchMock.mockImplementation((input, init) => {
      if (init?.method === 'PUT') return Promise.resolve(json({ error: 'Please remove any bad words.', code: 'profanity', field: 'items.0.name' }, 400));
      return Promise.resolve(routeApi(urlOf(input), init));
    });
    await visit('/edit/u1', ADMIN);
    await screen.findByLabelText(/^Item 1 name$/i);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // Once, in the form: the field's message at the field, the form's line under the form, no toast.
    expect(await screen.findByText('Failed to update game. Try again. See the highlighted field.')).toBeTruthy();
    expect(useToasts.getState().toasts).toEqual([]);
    expect(screen.getByLabelText(/^Item 1 name$/i).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Please remove any bad words.')).toHaveLength(1);
    expect(screen.getByText('Please remove any bad words.')).toBeTruthy();
    expect(location()).toBe('/edit/u1');
  });

  it('saves an edit with flagged words and warns in the editor instead of refusing', async () => {
    const warnings = [
      { field: 'prompt', code: 'profanity', message: 'Please remove any bad words.' },
      { field: 'items.0.name', code: 'profanity', message: 'Please remove any bad words.' },
    ];
    fetchMock.mockImplementation((input, init) => {
      if (init?.method === 'PUT') return Promise.resolve(json({ ...game({ uid: 'u1', type: 'community', public: true }), warnings }));
      return Promise.resolve(routeApi(urlOf(input), init));
    });
    await visit('/edit/u1', ADMIN);
    fireEvent.change(await screen.findByLabelText(/^Item 1 name$/i), { target: { value: 'Dick' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const warning = await screen.findByTestId('edit-warning');
    expect(warning.getAttribute('role')).toBe('status');
    expect(warning.textContent).toContain("the bad-word check flags the prompt and item 1's name");
    expect(screen.queryByTestId('edit-error')).toBeNull();
    expect(screen.getByLabelText(/^Item 1 name$/i).getAttribute('aria-invalid')).not.toBe('true');
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Game updated with a warning.', status: 'warning' });
    expect(location()).toBe('/edit/u1');
    expect(within(warning).getByRole('link', { name: 'View the game' }).getAttribute('href')).toBe('/community/u1');
  });
});
