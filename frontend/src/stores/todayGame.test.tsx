// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../test/fetch.ts';
import { EMBEDDED_GAME_ID, prefetchGameByDate, readEmbeddedGame } from '../api/games.ts';
import { primeTodaysGame, refreshTodaysGame, useTodaysGame } from './todayGame.ts';

const game = (prompt: string, date: string) => ({ prompt, submitter: 'tester', date, items: [] });

function Prompt({ date }: { date: string }) {
  const today = useTodaysGame(date);
  if (today.isError) return <p data-testid="prompt">error</p>;
  return <p data-testid="prompt">{today.data?.prompt ?? 'loading'}</p>;
}

const prompt = () => screen.getByTestId('prompt').textContent;

function embed(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = EMBEDDED_GAME_ID;
  block.textContent = text;
  document.body.append(block);
}

let answer: (url: string) => Response;
const fetchMock = vi.fn((input: RequestInfo | URL) => Promise.resolve(answer(urlOf(input))));
const fetched = (url: string) =>
  new Response(JSON.stringify(game(`fetched ${url}`, url.slice(-10))), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answer = fetched;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  document.getElementById(EMBEDDED_GAME_ID)?.remove();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Each case uses its own date: the store lives as long as the page, like the app's.
describe("today's game embedded in the page (server/src/web/spa/home.rs)", () => {
  it('is there on the first render, with no fetch, once main.ts has primed it', () => {
    embed(JSON.stringify({ date: '2026-11-24', game: game('Planets', '2026-11-24') }));
    expect(readEmbeddedGame()).toBe('2026-11-24');
    expect(primeTodaysGame('2026-11-24')?.prompt).toBe('Planets');
    render(<Prompt date="2026-11-24" />);
    expect(prompt()).toBe('Planets');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is taken without a fetch when nothing primed it', async () => {
    embed(JSON.stringify({ date: '2026-11-20', game: game('Oceans', '2026-11-20') }));
    readEmbeddedGame();
    render(<Prompt date="2026-11-20" />);
    await waitFor(() => {
      expect(prompt()).toBe('Oceans');
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not used for another day: that day is fetched', async () => {
    embed(JSON.stringify({ date: '2026-11-23', game: game('Yesterday', '2026-11-23') }));
    expect(readEmbeddedGame()).toBe('2026-11-23');
    render(<Prompt date="2026-11-22" />);
    expect(prompt()).toBe('loading');
    await waitFor(() => {
      expect(prompt()).toBe('fetched /api/game/date/2026-11-22');
    });
  });

  it.each([['not json'], [JSON.stringify({ date: 20261124, game: {} })], [JSON.stringify({ date: '2026-11-24', game: null })], ['']])(
    'a missing or damaged block (%s) is ignored',
    (text) => {
      embed(text);
      expect(readEmbeddedGame()).toBeNull();
    },
  );
});

describe("today's game from the server", () => {
  it("uses main.ts's early request instead of asking again", async () => {
    prefetchGameByDate('2026-10-01');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    render(<Prompt date="2026-10-01" />);
    await waitFor(() => {
      expect(prompt()).toBe('fetched /api/game/date/2026-10-01');
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a failing server as every read does, then shows the game', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    answer = (url) => (++calls < 3 ? new Response('{"error":"down","code":"internal"}', { status: 503 }) : fetched(url));
    render(<Prompt date="2026-10-02" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 100);
    });
    await waitFor(() => {
      expect(prompt()).toBe('fetched /api/game/date/2026-10-02');
    });
    expect(calls).toBe(3);
  });

  it('reports a refusal that asking again cannot heal at once', async () => {
    answer = () => new Response('{"error":"no such day","code":"gameNotFound"}', { status: 404, headers: { 'content-type': 'application/json' } });
    render(<Prompt date="2026-10-03" />);
    await waitFor(() => {
      expect(prompt()).toBe('error');
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is asked for again when an admin changed a game, keeping the old one on screen meanwhile', async () => {
    render(<Prompt date="2026-10-04" />);
    await waitFor(() => {
      expect(prompt()).toBe('fetched /api/game/date/2026-10-04');
    });
    answer = () => new Response(JSON.stringify(game('Edited', '2026-10-04')), { headers: { 'content-type': 'application/json' } });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementationOnce(async (input) => {
      await gate;
      return answer(urlOf(input));
    });
    act(() => {
      refreshTodaysGame();
    });
    expect(prompt()).toBe('fetched /api/game/date/2026-10-04');
    release();
    await waitFor(() => {
      expect(prompt()).toBe('Edited');
    });
  });
});

function EditionPrompt({ date, edition }: { date: string; edition: string }) {
  const today = useTodaysGame(date, edition);
  if (today.isError) return <p data-testid="prompt">error</p>;
  return <p data-testid="prompt">{today.data ? `${today.data.prompt} (${today.data.edition ?? 'en'})` : 'loading'}</p>;
}

describe('daily editions (lib/edition.ts)', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it("asks for the edition's game, and English's when the edition has none that day", async () => {
    answer = (url) =>
      url.includes('edition=ja')
        ? json({ error: 'This edition has no game for this date.', code: 'noEditionGame' }, 404)
        : url.includes('edition=es')
          ? json({ ...game('Ríos', '2026-10-02'), edition: 'es', editions: ['en', 'es'] })
          : json({ ...game('Rivers', '2026-10-02'), edition: 'en', editions: ['en', 'es'] });
    render(<EditionPrompt date="2026-10-02" edition="es" />);
    await waitFor(() => {
      expect(prompt()).toBe('Ríos (es)');
    });
    cleanup();
    render(<EditionPrompt date="2026-10-02" edition="ja" />);
    await waitFor(() => {
      expect(prompt()).toBe('Rivers (en)');
    });
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toEqual([
      '/api/game/date/2026-10-02?edition=es',
      '/api/game/date/2026-10-02?edition=ja',
      '/api/game/date/2026-10-02',
    ]);
  });

  it("uses the page's game when it is the edition's, or English standing in for an edition with none", () => {
    embed(JSON.stringify({ date: '2026-10-03', game: { ...game('川', '2026-10-03'), edition: 'ja', editions: ['en', 'ja'] } }));
    readEmbeddedGame();
    expect(primeTodaysGame('2026-10-03', 'es')).toBeUndefined();
    expect(primeTodaysGame('2026-10-03', 'ja')?.prompt).toBe('川');
    document.getElementById(EMBEDDED_GAME_ID)?.remove();
    embed(JSON.stringify({ date: '2026-10-04', game: { ...game('Rivers', '2026-10-04'), edition: 'en', editions: ['en', 'ja'] } }));
    readEmbeddedGame();
    // Japanese has a game that day: English is not its stand-in.
    expect(primeTodaysGame('2026-10-04', 'ja')).toBeUndefined();
    expect(primeTodaysGame('2026-10-04', 'de')?.prompt).toBe('Rivers');
  });
});
