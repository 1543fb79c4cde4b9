// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCoreSync } from '../test/nodeCore.ts';
import { NAMES } from '../test/fixtures.ts';
import { urlOf } from '../test/fetch.ts';
import { makeQueryClient } from '../lib/queryClient.ts';
import { pageTitle } from './titles.ts';
import { activateLocale, tLoaded } from '../lib/i18n.ts';
import { EARLY_FORM_ID, holdEarlyBox } from '../features/game/earlyGuesses.ts';
import { readEmbeddedGame } from '../api/games.ts';
import { useSession } from '../features/game/stores/session.ts';
import { resetTodaysGames } from '../stores/todayGame.ts';
import { useSettings } from '../stores/settings.ts';
import { useUi } from '../stores/ui.ts';

const core = loadCoreSync();
// The browser loader fetches the .wasm; here the module is already instantiated from disk.
const ready = Promise.resolve(core);
vi.mock('../core/wasm.ts', () => ({ loadCore: () => ready }));
const { AppRoutes } = await import('./router.tsx');
const { startEmbeddedToday } = await import('../features/game/routes/Home.tsx');

const TODAY = core.todayNewYork(Date.now());
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const game = (extra: object) => ({
  prompt: 'bodies __ orbiting',
  submitter: 'bob',
  updatedAt: '2026-01-01T00:00:00.000Z',
  items: NAMES.map((name, i) => ({ id: i + 1, name, altSpellings: [] })),
  ...extra,
});

beforeEach(() => {
  localStorage.setItem('howToPlayModalShown', 'true');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/game/date/')) return Promise.resolve(json(game({ date: url.slice(-10) })));
    if (url.startsWith('/api/game/uid/')) return Promise.resolve(json(game({ uid: 'abc', type: 'community' })));
    if (url === '/api/groups/preview/abc') return Promise.resolve(json({ name: 'Volcano club', owner: 'ann', members: 3, maxMembers: 50 }));
    if (url.startsWith('/api/previous-days-paginated')) {
      return Promise.resolve(json({ total: 30, games: [{ prompt: 'rocks', submitter: 'al', date: '2026-11-01', dayNumber: 846, updatedAt: 'x' }] }));
    }
    return Promise.resolve(json({ error: 'not found' }, 404));
  });
});

afterEach(() => {
  cleanup();
  resetTodaysGames();
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** Shows where the router is now, for the tests to read, and goes home on a click. */
function LocationProbe() {
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{useLocation().pathname}</output>
      <button type="button" onClick={() => void navigate('/')}>
        probe: home
      </button>
    </>
  );
}

async function visit(path: string) {
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
  return { state: { location: { get pathname() { return screen.getByTestId('location').textContent; } } } };
}

describe('routing rules', () => {
  it.each(['/archive/2026-13-01', '/archive/yesterday', `/archive/${TODAY}`, '/archive/2999-01-01', '/no/such/page'])('%s goes to /', async (path) => {
    const router = await visit(path);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it('opens a past day by date', async () => {
    const router = await visit('/archive/2026-11-01');
    await screen.findByTestId('prompt');
    expect(router.state.location.pathname).toBe('/archive/2026-11-01');
    expect(screen.getByTestId('submitter').textContent).toBe('Archive Day 846 by bob');
  });

  it('takes the community uid from the second path segment', async () => {
    await visit('/community/abc/anything/else');
    await screen.findByTestId('prompt');
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u) === '/api/game/uid/abc')).toBe(true);
    expect(screen.getByTestId('submitter').textContent).toBe('Community Game by bob');
  });

  it('sends admin-only explore lists to the archive list', async () => {
    const router = await visit('/explore/future');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/explore/archive');
    });
    await screen.findByText('Page 1 of 3');
  });

  it("shows today's game on / with Day N in the header", async () => {
    await visit('/');
    await screen.findByTestId('prompt');
    expect(screen.getByTestId('header-title').textContent).toBe(`Day ${String(core.dayNumber(TODAY))}`);
    expect(screen.getByTestId('prompt').textContent).toBe('Bodies __ orbiting');
  });
});

describe("guesses made in the server's box before the app ran", () => {
  afterEach(() => {
    delete window.lavalistEarlyGuesses;
  });

  /** The page as the server sends `/`: its guess box, with guesses made and text typed. */
  function earlyBox(guesses: string[], text: string) {
    document.body.innerHTML = `<form id="${EARLY_FORM_ID}"><input id="guess" name="guess" value="${text}"></form>`;
    window.lavalistEarlyGuesses = guesses;
    holdEarlyBox();
    document.body.innerHTML = '';
  }

  it("today's game judges them in order through the core and keeps the box's text", async () => {
    earlyBox(['Neptun', 'zzzz'], 'Mar');
    await visit('/');
    await screen.findByTestId('prompt');
    expect(screen.getByTestId('count-wrong').textContent).toBe('1/8');
    expect(screen.getByTestId('count-correct').textContent).toBe('1/10');
    expect((document.getElementById('guess') as HTMLInputElement).value).toBe('Mar');
    // The last one's result is in the result line, as a typed guess's would be.
    expect(screen.getByTestId('guess-feedback').textContent).toBe('zzzz is not on the list.');
  });

  it("app/start.tsx starts today's game with them before the first render, which keeps it", async () => {
    const page = document.implementation.createHTMLDocument();
    page.body.innerHTML = `<script type="application/json" id="today-game">${JSON.stringify({ date: TODAY, game: game({ date: TODAY }) })}</script>`;
    expect(readEmbeddedGame(page)).toBe(TODAY);
    earlyBox(['zzzz'], '');
    startEmbeddedToday(core);
    const started = useSession.getState();
    expect(started.view?.wrongGuesses).toHaveLength(1);
    await visit('/');
    await screen.findByTestId('prompt');
    expect(screen.getByTestId('count-wrong').textContent).toBe('1/8');
    expect(useSession.getState().view).toBe(started.view); // not started again
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u).startsWith('/api/game/date/'))).toBe(false);
  });

  it('another page leaves them', async () => {
    earlyBox(['zzzz'], '');
    await visit('/archive/2026-11-01');
    await screen.findByTestId('prompt');
    expect(screen.getByTestId('count-wrong').textContent).toBe('0/8');
    expect(window.lavalistEarlyGuesses).toEqual(['zzzz']);
  });
});

describe('missing daily game', () => {
  it('warns and sends the player to a day of the last 30 that has a game', async () => {
    const dayWithGame = core.todayNewYork(Date.now() - 12 * 86_400_000);
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url === '/api/previous-days') {
        // One day in the window, one too old for it.
        return Promise.resolve(json({ total: 2, games: [{ date: dayWithGame }, { date: '2020-01-01' }].map((g) => ({ ...g, prompt: 'p', submitter: 's', updatedAt: 'x' })) }));
      }
      return Promise.resolve(json(url.endsWith(TODAY) ? game({ prompt: core.placeholderPrompt(), items: [] }) : game({})));
    });
    await visit('/');
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toMatch(/^\/archive\/\d{4}-\d{2}-\d{2}$/);
    });
    expect(screen.getByTestId('location').textContent).toBe(`/archive/${dayWithGame}`);
    const { useToasts } = await import('../stores/toasts.ts');
    expect(useToasts.getState().toasts.map((t) => [t.title, t.status])).toContainEqual(['No game is set for today.', 'warning']);
  });
});

describe('the game screen', () => {
  const guessBox = () => document.getElementById('guess') as HTMLInputElement;
  const type = (text: string) => {
    fireEvent.change(guessBox(), { target: { value: text } });
    fireEvent.submit(guessBox().closest('form') as HTMLFormElement);
  };

  it('shows only the newest of three quick guesses, in the result line under the guess box, not as toasts', async () => {
    await visit('/archive/2026-11-01');
    await screen.findByTestId('prompt');
    const { useToasts } = await import('../stores/toasts.ts');
    useToasts.setState({ toasts: [] }); // an earlier test's
    type('Mars');
    type('pizza');
    type('Venus');
    const line = screen.getByTestId('guess-feedback');
    expect(line.textContent).toBe('Venus is correct!');
    expect(line.getAttribute('role')).toBe('status');
    // Right after the guess box, in the page's flow.
    expect(guessBox().closest('form')?.nextElementSibling).toBe(line);
    expect(useToasts.getState().toasts).toEqual([]);
    expect(screen.getByTestId('count-correct').textContent).toBe('2/10');
  });

  it('names the hinted slot in the result line', async () => {
    await visit('/archive/2026-11-01');
    await screen.findByTestId('prompt');
    type('Mercury');
    fireEvent.click(screen.getByRole('button', { name: /^Hint\?/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Length Hint' }));
    expect(screen.getByTestId('guess-feedback').textContent).toBe('Answer 2 has 5 letters');
    expect(screen.getAllByTestId('slot')[1]?.dataset.state).toBe('hinted');
  });

  it('on a first visit, closing How to play with Escape puts the focus in the guess box', async () => {
    localStorage.removeItem('howToPlayModalShown');
    await visit('/archive/2026-11-01');
    await screen.findByTestId('prompt');
    const dialog = await screen.findByRole('dialog');
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(document.activeElement).toBe(guessBox());
    expect(localStorage.getItem('howToPlayModalShown')).toBe('true');
  });
});

describe('page titles', () => {
  const dayOf = (d: string) => core.dayNumber(d);
  it('names archive days by number', () => {
    expect(pageTitle('/archive/2026-11-01', dayOf)).toBe('Lavalist Archive - Day 846');
    expect(pageTitle('/some/where/archive/12', dayOf)).toBe('Lavalist Archive - Day 12');
    expect(pageTitle('/', dayOf)).toBe('Lavalist');
    expect(pageTitle('/explore/community/2', dayOf)).toBe('Lavalist - Explore');
  });

  it('names each section as the spec does, in English', () => {
    expect(pageTitle('/community/abc', dayOf)).toBe('Lavalist - Community Game');
    expect(pageTitle('/user/ana', dayOf)).toBe('Lavalist - Community Games');
    expect(pageTitle('/privacy-policy', dayOf)).toBe('Lavalist - Privacy Policy');
    expect(pageTitle('/account', dayOf)).toBe('Lavalist - Account');
    expect(pageTitle('/challenge/x', dayOf)).toBe('Lavalist - Challenge');
    expect(pageTitle('/nowhere', dayOf)).toBe('Lavalist');
  });

  it("is in the interface's language", async () => {
    await activateLocale('de');
    try {
      expect(pageTitle('/explore', dayOf)).toBe('Lavalist - Entdecken');
      expect(pageTitle('/user/ana', dayOf)).toBe('Lavalist - Community-Spiele');
      expect(pageTitle('/archive/12', dayOf)).toBe('Lavalist Archiv - Tag 12');
    } finally {
      await activateLocale('en');
    }
  });

  it('is the base title while the section has no message yet', () => {
    expect(tLoaded('no.such.message')).toBe('');
  });
});

describe('explore page numbers', () => {
  it.each([
    ['/explore/archive/99', '/explore/archive/3'],
    ['/explore/archive/4', '/explore/archive/3'],
    ['/explore/archive/0', '/explore/archive/1'],
    ['/explore/archive/-2', '/explore/archive/1'],
    ['/explore/archive/abc', '/explore/archive/1'],
  ])('%s (30 days, 12 a page) goes to %s', async (path, target) => {
    const router = await visit(path);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(target);
    });
    await screen.findByText(`Page ${target.slice(-1)} of 3`);
  });

  it('keeps a page in range', async () => {
    const router = await visit('/explore/archive/2');
    await screen.findByText('Page 2 of 3');
    expect(router.state.location.pathname).toBe('/explore/archive/2');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('How to play on a first visit', () => {
  beforeEach(() => {
    // A first visit: nothing stored, and nothing in the settings an earlier case closed it in.
    localStorage.removeItem('howToPlayModalShown');
    useSettings.getState().set('howToPlayModalShown', false);
    useUi.getState().close();
  });

  it('opens on the first page', async () => {
    await visit('/');
    expect(await screen.findByRole('dialog', { name: 'How to play' })).toBeTruthy();
  });

  it('waits on an invite link, which it would cover, and opens on the way to the game', async () => {
    await visit('/join/abc');
    await screen.findByText("ann's group · 3 members of 50. Members compare their daily results.");
    expect(screen.getByRole('heading', { name: 'Join “Volcano club”' })).toBeTruthy();
    expect(screen.getByText('Log in or sign up to join this group.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'probe: home' }));
      await Promise.resolve();
    });
    expect(await screen.findByRole('dialog', { name: 'How to play' })).toBeTruthy();
  });
});
