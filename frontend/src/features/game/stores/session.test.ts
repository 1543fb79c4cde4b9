// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCoreSync } from '../../../test/nodeCore.ts';
import { gameDef, NAMES } from '../../../test/fixtures.ts';
import { loadSave } from '../../../stores/saves.ts';
import { bodyOf } from '../../../test/fetch.ts';
import { useSession, type SessionMeta } from './session.ts';
import { writeRaw } from '../../../lib/storage.ts';
import { useToasts } from '../../../stores/toasts.ts';
import { useUser } from '../../../stores/user.ts';

const core = loadCoreSync();
const TODAY = '2026-11-22';
const todayMeta: SessionMeta = { mode: 'today', key: TODAY, date: TODAY, prompt: 'p', submitter: 'bob', dayNumber: 867 };
const archiveMeta: SessionMeta = { ...todayMeta, mode: 'archive', key: '2026-11-01', date: '2026-11-01' };
const fetchMock = vi.fn<typeof fetch>();

const session = () => useSession.getState();

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

describe('session', () => {
  it('plays through the core and saves after every action', () => {
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    expect(session().guess('  MERCURY! ')).toEqual({ outcome: 'correct', itemId: 1, correction: null });
    expect(session().guess('pizza')).toMatchObject({ outcome: 'wrong' });
    expect(session().hint('firstLetter')).toMatchObject({ itemId: 2, value: 'V' });
    expect(session().view).toMatchObject({ correct: 1, wrong: 1, hintsUsed: 1, score: 80 });
    expect(loadSave(TODAY)?.actions).toEqual([{ guess: '  MERCURY! ' }, { guess: 'pizza' }, { hint: 'firstLetter' }]);
  });

  it("restores today's game after a reload", () => {
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    session().guess('venus');
    session().stop();
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    expect(session().view?.found).toEqual([2]);
  });

  it('starts fresh when the saved day is no longer today (next-day reset)', () => {
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    session().guess('venus');
    session().stop();
    session().start(core, gameDef(TODAY), { ...todayMeta, mode: 'archive' }, '2026-11-23');
    expect(session().view?.correct).toBe(0);
  });

  it('ignores a corrupt or foreign save', () => {
    writeRaw(TODAY, '{"version":2,"actions":[{"giveUp":true},{"guess":"x"}]}');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    expect(session().view?.gameOver).toBe(false);
    writeRaw(TODAY, 'garbage{');
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    expect(session().view?.correct).toBe(0);
  });

  it("queues one submission at the end of today's game and marks it sent", async () => {
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    for (const name of NAMES) session().guess(name);
    expect(session().view).toMatchObject({ gameOver: true, won: true, score: 1000 });
    expect(session().endedHere).toBe(true);
    await vi.waitFor(() => {
      expect(session().submitted).toBe(true);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = bodyOf(fetchMock.mock.calls[0]?.[1]) as Record<string, unknown>;
    expect(body).toMatchObject({ score: 1000, date: TODAY });
    expect(body.actions).toHaveLength(10);
    expect(loadSave(TODAY)).toMatchObject({ submitted: true, submission: null, won: true });
  });

  it('never submits an archive game', () => {
    session().start(core, gameDef('2026-11-01'), archiveMeta, TODAY);
    session().giveUp();
    expect(session().view?.gameOver).toBe(true);
    expect(loadSave('2026-11-01')?.submission).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not overwrite a finished result when replaying that day from the archive', () => {
    session().start(core, gameDef('2026-11-01'), { ...archiveMeta, mode: 'today' }, '2026-11-01');
    session().giveUp();
    const finished = loadSave('2026-11-01');
    session().start(core, gameDef('2026-11-01'), archiveMeta, TODAY);
    expect(session().view?.gameOver).toBe(false);
    session().guess('mars');
    expect(loadSave('2026-11-01')).toEqual(finished);
  });

  it('restores a community game whatever the date', () => {
    const meta: SessionMeta = { mode: 'community', key: 'community/u1', uid: 'u1', prompt: 'p', submitter: 'c' };
    session().start(core, gameDef(TODAY, 'community'), meta, TODAY);
    session().guess('ceres');
    session().stop();
    session().start(core, gameDef(TODAY, 'community'), meta, '2027-01-01');
    expect(session().view?.found).toEqual([10]);
  });
});

describe('a result that could not be sent', () => {
  it('stays queued across a reload', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    session().giveUp();
    const pending = loadSave(TODAY)?.submission;
    expect(pending).toMatchObject({ date: TODAY, score: 0 });
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    session().stop();
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    expect(session().view?.gameOver).toBe(true);
    expect(session().submitted).toBe(false);
    expect(loadSave(TODAY)?.submission).toEqual(pending);
  });
});

describe('a logged-in player', () => {
  const progress = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

  beforeEach(() => {
    writeRaw('authToken', 'token');
  });

  it('continues a game another device played further, and is told', async () => {
    fetchMock.mockResolvedValue(progress({ actions: [{ guess: 'venus' }, { guess: 'mars' }], diverged: false, finished: null }));
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    await vi.waitFor(() => {
      expect(session().view?.found).toEqual([2, 4]);
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(typeof url === 'string' ? url : '').toContain('/api/progress');
    expect(bodyOf(init)).toEqual({ date: TODAY, actions: [] });
    expect(loadSave(TODAY)?.actions).toEqual([{ guess: 'venus' }, { guess: 'mars' }]);
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Continued from your other device' });
  });

  it('shows a game finished on another device as finished, without submitting it again', async () => {
    const actions = [{ guess: 'venus' }, { giveUp: true }];
    fetchMock.mockResolvedValue(progress({ actions: [], diverged: false, finished: { score: 100, answers: [], won: false, actions } }));
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    await vi.waitFor(() => {
      expect(session().view?.gameOver).toBe(true);
    });
    expect(session()).toMatchObject({ submitted: true, endedHere: false });
    expect(loadSave(TODAY)).toMatchObject({ gameOver: true, submitted: true, submission: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never syncs an archive game', async () => {
    session().start(core, gameDef('2026-11-01'), archiveMeta, TODAY);
    session().guess('venus');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('logging in during a game', () => {
  it('asks the server for the account’s copy of the game on screen', async () => {
    session().start(core, gameDef(TODAY), todayMeta, TODAY);
    session().guess('venus');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ actions: [{ guess: 'venus' }], diverged: false, finished: null }), { status: 200 }));
    useUser.getState().setSession('token', { username: 'Ada', email: 'ada@example.com' });
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ date: TODAY, actions: [{ guess: 'venus' }] });
    useUser.getState().logout();
  });
});
