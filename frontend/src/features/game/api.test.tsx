// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { urlOf } from '../../test/fetch.ts';
import { EMBEDDED_GAME_ID, readEmbeddedGame, useGameByDate } from './api.ts';

const game = (prompt: string) => ({ prompt, submitter: 'tester', date: '2026-11-24', items: [] });

function Prompt({ date }: { date: string }) {
  const query = useGameByDate(date);
  return <p data-testid="prompt">{query.data?.prompt ?? 'loading'}</p>;
}

const renderPrompt = (date: string) =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <Prompt date={date} />
    </QueryClientProvider>,
  );

function embed(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = EMBEDDED_GAME_ID;
  block.textContent = text;
  document.body.append(block);
}

const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const prompt = `fetched ${urlOf(input)}`;
  return Promise.resolve(new Response(JSON.stringify(game(prompt)), { headers: { 'content-type': 'application/json' } }));
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  document.getElementById(EMBEDDED_GAME_ID)?.remove();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

describe("today's game embedded in the page (server/src/spa/home.rs)", () => {
  it('is there on the first render, with no fetch', () => {
    embed(JSON.stringify({ date: '2026-11-24', game: game('Planets') }));
    expect(readEmbeddedGame()).toBe('2026-11-24');
    renderPrompt('2026-11-24');
    expect(screen.getByTestId('prompt').textContent).toBe('Planets');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not used for another day: that day is fetched', async () => {
    embed(JSON.stringify({ date: '2026-11-23', game: game('Yesterday') }));
    expect(readEmbeddedGame()).toBe('2026-11-23');
    renderPrompt('2026-11-24');
    expect(screen.getByTestId('prompt').textContent).toBe('loading');
    await waitFor(() => {
      expect(screen.getByTestId('prompt').textContent).toBe('fetched /api/game/date/2026-11-24');
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
