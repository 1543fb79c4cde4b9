import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Action, ProgressResponse } from '../../../api/generated/index.ts';
import { bodyOf } from '../../../test/fetch.ts';
import { CONTINUED, DIVERGED, decide, push } from './sync.ts';

const g = (word: string): Action => ({ guess: word });
const answer = (actions: Action[], extra: Partial<ProgressResponse> = {}): ProgressResponse => ({ actions, diverged: false, finished: null, ...extra });

describe('decide', () => {
  it('keeps this device’s log when it extends (or equals) the server’s', () => {
    expect(decide([g('a'), g('b')], answer([g('a')]))).toEqual({ kind: 'keep' });
    expect(decide([g('a')], answer([g('a')]))).toEqual({ kind: 'keep' });
    expect(decide([], answer([]))).toEqual({ kind: 'keep' });
  });

  it('continues from another device’s longer log', () => {
    expect(decide([g('a')], answer([g('a'), { hint: 'length' }]))).toEqual({
      kind: 'adopt',
      actions: [g('a'), { hint: 'length' }],
      notice: { title: CONTINUED, status: 'info' },
    });
  });

  it('tells the player when the server kept its copy of a diverged game', () => {
    const outcome = decide([g('a'), g('x')], answer([g('a'), g('b')], { diverged: true }));
    expect(outcome).toEqual({ kind: 'adopt', actions: [g('a'), g('b')], notice: { title: DIVERGED, status: 'warning' } });
  });

  it('shows a game finished on another device as finished', () => {
    const finished = { score: 100, answers: [], won: false, actions: [g('a'), { giveUp: true } as Action] };
    expect(decide([g('a')], answer([], { finished }))).toMatchObject({ kind: 'finished', actions: finished.actions });
    expect(decide(finished.actions, answer([], { finished }))).toEqual({ kind: 'keep' });
    expect(decide([], answer([], { finished: { ...finished, actions: null } }))).toEqual({ kind: 'keep' });
  });
});

describe('push', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the latest log once the player pauses, and decides on the log of that moment', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(answer([g('a'), g('b'), g('c')])), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    let log = [g('a')];
    const outcomes: unknown[] = [];
    push({ date: '2026-11-24' }, () => log, (o) => outcomes.push(o));
    log = [g('a'), g('b')];
    push({ date: '2026-11-24' }, () => log, (o) => outcomes.push(o));
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init)).toEqual({ date: '2026-11-24', actions: [g('a'), g('b')] });
    expect(outcomes).toEqual([{ kind: 'adopt', actions: [g('a'), g('b'), g('c')], notice: { title: CONTINUED, status: 'info' } }]);
  });
});
