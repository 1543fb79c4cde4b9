// @vitest-environment happy-dom
/**
 * A game in the Latin play module meets text of another script (issue 24): a guess in Cyrillic
 * waits for the play module of every script, the game moves there with its log, and the guess is
 * an ordinary wrong guess; a game whose names need that module starts only in it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCoreSync } from '../../../test/nodeCore.ts';
import { gameDef } from '../../../test/fixtures.ts';
import { loadedScriptsCore, loadScriptsCore } from '../../../core/scriptsCore.ts';
import { loadSave } from '../../../stores/saves.ts';
import { useSession, type SessionMeta } from './session.ts';

const core = loadCoreSync();
const TODAY = '2026-11-22';
const meta: SessionMeta = { mode: 'archive', key: '2026-11-01', date: '2026-11-01', prompt: 'p', submitter: 'bob', dayNumber: 846 };
const session = () => useSession.getState();

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 200 })));
});

afterEach(() => {
  session().stop();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('games and guesses in another script', () => {
  it('plays a Cyrillic guess in a Latin game once the module of every script has loaded, in order', async () => {
    session().start(core, gameDef('2026-11-01'), meta, TODAY);
    expect(session().guess('mercury')).toMatchObject({ outcome: 'correct' });
    const later = vi.fn();
    expect(loadedScriptsCore()).toBeNull();
    expect(session().guess('Меркурий', later)).toBeNull();
    expect(session().guess('venus', later)).toBeNull(); // waits behind it
    await loadScriptsCore();
    await vi.waitFor(() => {
      expect(later).toHaveBeenCalledTimes(2);
    });
    expect(later.mock.calls.map(([r]: unknown[]) => (r as { outcome: string }).outcome)).toEqual(['wrong', 'correct']);
    expect(session().view).toMatchObject({ correct: 2, wrong: 1, wrongGuesses: ['Меркурий'] });
    expect(loadSave(meta.key)?.actions).toEqual([{ guess: 'mercury' }, { guess: 'Меркурий' }, { guess: 'venus' }]);
    // Loaded now: the next one plays at once.
    expect(session().guess('МЕРКУРИЙ')).toMatchObject({ outcome: 'wrongAgain' });
  });

  it('starts a game whose names are Cyrillic in the module of every script', async () => {
    await loadScriptsCore();
    const def = { ...gameDef('2026-11-01'), items: gameDef('2026-11-01').items.map((it, i) => (i === 0 ? { ...it, name: 'Меркурий' } : it)) };
    session().start(core, def, meta, TODAY);
    expect(session().guess('МЕРКУРИЙ')).toMatchObject({ outcome: 'correct', itemId: 1 });
  });
});
