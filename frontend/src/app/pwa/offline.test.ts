import { describe, expect, it } from 'vitest';
import { offlineGameUrls } from './offline.ts';
import type { SavedGame } from '../../stores/saves.ts';

const save = (gameOver: boolean) => ({ gameOver }) as SavedGame;

describe('offlineGameUrls', () => {
  it("keeps today's game and the seven days before today", () => {
    expect(offlineGameUrls('2026-03-02', [])).toEqual([
      '/api/game/date/2026-03-02',
      '/api/game/date/2026-03-01',
      '/api/game/date/2026-02-28',
      '/api/game/date/2026-02-27',
      '/api/game/date/2026-02-26',
      '/api/game/date/2026-02-25',
      '/api/game/date/2026-02-24',
      '/api/game/date/2026-02-23',
    ]);
  });

  it('adds unfinished games, never a finished one or a day after today', () => {
    const urls = offlineGameUrls('2026-03-02', [
      ['2026-01-05', save(false)],
      ['2026-01-06', save(true)],
      ['2026-03-02', save(false)],
      ['2026-03-03', save(false)],
      ['community/abc', save(false)],
      ['community/done', save(true)],
      ['2026-03-01', save(false)],
    ]);
    expect(urls.slice(8)).toEqual(['/api/game/date/2026-01-05', '/api/game/uid/abc']);
  });
});
