// @vitest-environment happy-dom
/** A finished save is regraded on load: an accepted dispute changes the result the player sees. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCoreSync } from '../../../test/nodeCore.ts';
import { gameDef, NAMES } from '../../../test/fixtures.ts';
import type { GameDef } from '../../../core/game.ts';
import { loadSave } from '../../../stores/saves.ts';
import { useSession, type SessionMeta } from './session.ts';

const core = loadCoreSync();
const TODAY = '2026-11-22';
const meta: SessionMeta = { mode: 'today', key: TODAY, date: TODAY, prompt: 'p', submitter: 'bob', dayNumber: 867 };
const fetchMock = vi.fn<typeof fetch>();
const session = () => useSession.getState();

/** The game after an admin accepted "Kuiper" for Pluto. */
function accepted(): GameDef {
  const def = gameDef(TODAY);
  return { ...def, items: def.items.map((it) => (it.name === 'Pluto' ? { ...it, altSpellings: ['Kuiper'] } : it)) };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
});

afterEach(() => {
  session().stop();
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('regrade on load', () => {
  it('replays a finished save against the updated game and rewrites it', () => {
    session().start(core, gameDef(TODAY), meta, TODAY);
    NAMES.filter((n) => n !== 'Pluto').forEach((n) => session().guess(n));
    session().guess('Kuiper');
    session().guess('Pluto');
    expect(session().view).toMatchObject({ won: true, wrong: 1, score: 990 });
    session().stop();

    session().start(core, accepted(), meta, TODAY);
    // The plain replay would refuse the log: the game is won at "Kuiper", so "Pluto" is left out.
    expect(session().view).toMatchObject({ gameOver: true, won: true, wrong: 0, score: 1000, wrongGuesses: [] });
    expect(loadSave(TODAY)).toMatchObject({ score: 1000, won: true, wrongGuesses: [] });
  });

  it('ends a game lost on the accepted guess where the player stopped', () => {
    session().start(core, gameDef(TODAY), meta, TODAY);
    ['Kuiper', 'a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7'].forEach((g) => session().guess(g));
    expect(session().view).toMatchObject({ gameOver: true, won: false, wrong: 8 });
    session().stop();

    session().start(core, accepted(), meta, TODAY);
    expect(session().view).toMatchObject({ gameOver: true, won: false, correct: 1, wrong: 7, score: 30 });
    expect(session().guess('Mercury')).toMatchObject({ error: 'gameOver' });
  });

  it('replays an unfinished save as it is: it stays playable', () => {
    session().start(core, gameDef(TODAY), meta, TODAY);
    session().guess('Kuiper');
    session().stop();
    session().start(core, accepted(), meta, TODAY);
    expect(session().view).toMatchObject({ gameOver: false, correct: 1, wrong: 0 });
  });
});
