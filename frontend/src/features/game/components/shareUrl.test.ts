// @vitest-environment happy-dom
// The share text's address: the result parameter the outbox keeps from the server's answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Submission } from '../../../api/games.ts';
import { sendOne } from '../../../stores/outbox.ts';
import { SAVE_VERSION, writeSave, type SavedGame } from '../../../stores/saves.ts';
import { shareParamFor } from '../../../stores/shareParams.ts';
import { shareUrl } from './endScreen.ts';

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

describe('the share link', () => {
  it("keeps the server's signed result parameter and puts it in the share URL", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { score: 100, shareParam: 'AbC-_9' }));
    await sendOne('2026-11-22');
    expect(shareParamFor('2026-11-22')).toBe('AbC-_9');
    const meta = { mode: 'today' as const, key: '2026-11-22', prompt: 'p', submitter: 's', date: '2026-11-22' };
    expect(shareUrl(meta, shareParamFor(meta.key))).toBe(`${window.location.origin}/?r=AbC-_9`);
    expect(shareUrl({ ...meta, mode: 'archive' }, 'x')).toBe(`${window.location.origin}/archive/2026-11-22?r=x`);
    expect(shareUrl({ ...meta, mode: 'community', uid: 'u1' }, 'y')).toBe(`${window.location.origin}/community/u1?r=y`);
    // Another edition's daily names its edition, for the preview's language and the archive's game.
    const japanese = { ...meta, edition: 'ja' };
    expect(shareUrl(japanese, 'z')).toBe(`${window.location.origin}/?edition=ja&r=z`);
    expect(shareUrl({ ...japanese, mode: 'archive' })).toBe(`${window.location.origin}/archive/2026-11-22?edition=ja`);
    expect(shareUrl({ ...meta, edition: 'en' }, 'x')).toBe(`${window.location.origin}/?r=x`);
    expect(shareUrl({ ...japanese, mode: 'community', uid: 'u1' })).toBe(`${window.location.origin}/community/u1`);
  });

  it('is the plain URL while the server has not answered (offline) or gave no parameter', async () => {
    const meta = { mode: 'today' as const, key: '2026-11-22', prompt: 'p', submitter: 's', date: '2026-11-22' };
    expect(shareUrl(meta, shareParamFor(meta.key))).toBe(`${window.location.origin}/`);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await sendOne('2026-11-22');
    expect(shareParamFor('2026-11-22')).toBeUndefined();
    fetchMock.mockResolvedValueOnce(json(200, { score: 100 }));
    await sendOne('2026-11-22');
    expect(shareUrl(meta, shareParamFor(meta.key))).toBe(`${window.location.origin}/`);
  });
});
