// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Submission } from '../api/games.ts';
import { bodyOf } from '../test/fetch.ts';
import { onSubmitted, pendingKeys, sendOne } from './outbox.ts';
import { loadSave, SAVE_VERSION, writeSave, type SavedGame } from './saves.ts';

const submission: Submission = {
  answers: [{ answerId: 1, guessedCorrectly: true }],
  userKey: 'k',
  score: 100,
  date: '2026-11-22',
  actions: [{ guess: 'x' }],
};

function finishedSave(): SavedGame {
  return {
    version: SAVE_VERSION,
    prompt: 'p',
    submitter: 's',
    date: '2026-11-22',
    actions: [],
    gameOver: true,
    won: false,
    score: 100,
    wrongGuesses: [],
    items: [],
    firstLetterHints: [],
    lengthHints: [],
    finalItems: [],
    submitted: false,
    submission,
    submitError: null,
    inputValue: '',
  };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  writeSave('2026-11-22', finishedSave());
});

afterEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('outbox', () => {
  it('lists finished unsent results', () => {
    expect(pendingKeys()).toEqual(['2026-11-22']);
  });

  it('marks a save submitted after the server stores it, and tells listeners', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { score: 100 }));
    const heard: string[] = [];
    const stop = onSubmitted((k) => heard.push(k));
    await sendOne('2026-11-22');
    stop();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/game/submit');
    expect(bodyOf(init)).toEqual(submission);
    expect(loadSave('2026-11-22')?.submitted).toBe(true);
    expect(loadSave('2026-11-22')?.submission).toBeNull();
    expect(heard).toEqual(['2026-11-22']);
    expect(pendingKeys()).toEqual([]);
  });

  it('keeps the result when offline, to retry later', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await sendOne('2026-11-22');
    expect(loadSave('2026-11-22')?.submitted).toBe(false);
    expect(pendingKeys()).toEqual(['2026-11-22']);
  });

  it('keeps the result on a busy server (503)', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { error: 'busy' }));
    await sendOne('2026-11-22');
    expect(pendingKeys()).toEqual(['2026-11-22']);
  });

  it('stops on a refusal and records why', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: "Only today's daily game takes results." }));
    await sendOne('2026-11-22');
    expect(loadSave('2026-11-22')?.submitError).toBe("Only today's daily game takes results.");
    expect(pendingKeys()).toEqual([]);
  });

  it('treats 409 (a result already stored) as done', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: 'conflict' }));
    await sendOne('2026-11-22');
    expect(loadSave('2026-11-22')?.submitted).toBe(true);
  });

  it('never sends the same save twice at once', async () => {
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (release = resolve)));
    const first = sendOne('2026-11-22');
    await sendOne('2026-11-22');
    release(json(200, {}));
    await first;
    await sendOne('2026-11-22');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends community results to their own endpoint', async () => {
    writeSave('community/u1', { ...finishedSave(), submission: { ...submission, date: undefined, gameUid: 'u1' } });
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await sendOne('community/u1');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/game/submit-community-game');
  });
});
