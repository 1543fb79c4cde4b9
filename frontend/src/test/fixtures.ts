/** A known ten-item game for unit tests. */
import type { GameDef } from '../core/game.ts';

export const NAMES = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto', 'Ceres'];

export function gameDef(date = '2026-11-22', type: 'daily' | 'community' = 'daily'): GameDef {
  return {
    prompt: 'bodies orbiting the sun',
    type,
    date: type === 'daily' ? date : null,
    items: NAMES.map((name, i) => ({ id: i + 1, name, altSpellings: name === 'Earth' ? ['Terra'] : [] })),
  };
}
