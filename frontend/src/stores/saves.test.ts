import { describe, expect, it } from 'vitest';
import { loadCoreSync } from '../test/nodeCore.ts';
import { gameDef } from '../test/fixtures.ts';
import { readView } from '../core/game.ts';
import { communityKey, isSaveKey, parseSave, restoreActions, saveFromView, shouldRestore } from './saves.ts';

const core = loadCoreSync();
const base = { prompt: 'p', submitter: 's', submitted: false, submission: null, submitError: null, inputValue: '' };

describe('save keys and restore rule', () => {
  it('knows date and community keys', () => {
    expect(isSaveKey('2026-11-22')).toBe(true);
    expect(isSaveKey(communityKey('abc'))).toBe(true);
    expect(isSaveKey('community/')).toBe(false);
    // A daily edition's day.
    expect(isSaveKey('ja/2026-11-22')).toBe(true);
    expect(isSaveKey('pt-BR/2026-11-22')).toBe(true);
    expect(isSaveKey('userKey')).toBe(false);
  });

  it('restores only today and community games', () => {
    expect(shouldRestore('2026-11-22', '2026-11-22')).toBe(true);
    expect(shouldRestore('2026-11-21', '2026-11-22')).toBe(false);
    expect(shouldRestore('community/x', '2026-11-22')).toBe(true);
    expect(shouldRestore('ja/2026-11-22', '2026-11-22')).toBe(true);
    expect(shouldRestore('ja/2026-11-21', '2026-11-22')).toBe(false);
  });
});

describe('parseSave', () => {
  it('refuses what is not a save', () => {
    for (const junk of [null, 1, 'x', [], undefined]) expect(parseSave(junk)).toBeNull();
    expect(parseSave({ version: 2, actions: [{ dance: 1 }] })).toBeNull();
    expect(parseSave({ version: 2, actions: 'nope' })).toBeNull();
  });

  it('round-trips a save written from a view', () => {
    const game = new core.Game(gameDef());
    game.guess('earth');
    game.guess('pizza');
    game.hint('length');
    const save = saveFromView(readView(game), gameDef(), base);
    const parsed = parseSave(JSON.parse(JSON.stringify(save)));
    expect(parsed).toEqual(save);
    expect(save.items).toEqual([{ id: 3, guessedCorrectly: true }]);
    expect(save.lengthHints).toEqual([1]);
    expect(save.finalItems).toBeNull();
    game.free();
  });

  it('cleans wrong field types instead of failing', () => {
    const parsed = parseSave({ version: 2, actions: [], wrongGuesses: [1, 'a'], gameOver: 'yes', score: '9' });
    expect(parsed?.wrongGuesses).toEqual(['a']);
    expect(parsed?.gameOver).toBe(false);
    expect(parsed?.score).toBe(0);
  });
});

describe('migration of saves without an action log (version 1)', () => {
  it('rebuilds a log that replays to the same counts and score', () => {
    const legacy = {
      gameOver: false,
      wrongGuesses: ['pizza', 'moon'],
      items: [
        { id: 4, guessedCorrectly: true },
        { id: 1, guessedCorrectly: true },
      ],
      firstLetterHints: [2],
      lengthHints: [{ itemId: 2 }, { itemId: 3 }],
      date: '2026-11-22',
    };
    const save = parseSave(legacy);
    expect(save?.legacy).toBe(true);
    if (!save) throw new Error('parse failed');
    const game = core.Game.replay(gameDef(), restoreActions(save, gameDef(), core));
    const view = readView(game);
    expect(view.found.sort()).toEqual([1, 4]);
    expect(view.wrongGuesses).toEqual(['pizza', 'moon']);
    expect(view.hintsUsed).toBe(3);
    expect(view.score).toBe(200 - 30 - 20);
    expect(view.gameOver).toBe(false);
    game.free();
  });

  it('ends a given-up legacy game with a give-up', () => {
    const save = parseSave({ gameOver: true, items: [{ id: 1, guessedCorrectly: true }], wrongGuesses: [] });
    if (!save) throw new Error('parse failed');
    const actions = restoreActions(save, gameDef(), core);
    expect(actions.at(-1)).toEqual({ giveUp: true });
    const game = core.Game.replay(gameDef(), actions);
    expect(readView(game).gameOver).toBe(true);
    game.free();
  });
});
