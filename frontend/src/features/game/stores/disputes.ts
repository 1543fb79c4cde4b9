/**
 * What this device remembers of its "I was right" disputes: the guesses it disputed in each game
 * (by save key, so the button stays disabled and the game knows to ask how they went) and the
 * accepted disputes it has already told the player about (by id, so the toast shows once). The
 * server keeps no "seen" state: `GET /api/disputes` lists a userKey's disputes as they stand.
 */
import { readJson, writeJson } from '../../../lib/storage.ts';

const DISPUTED_KEY = 'disputedGuesses';
/** Where the accepted disputes already told of are kept (read and written by ../components/disputeActions.ts). */
export const SHOWN_KEY = 'disputesShown';

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function disputedByGame(): Record<string, string[]> {
  const value = readJson(DISPUTED_KEY);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string[]] => isStrings(entry[1])));
}

/** The guesses disputed from this device in the game saved under `saveKey`. */
export function disputedGuesses(saveKey: string): string[] {
  return disputedByGame()[saveKey] ?? [];
}

export function markDisputed(saveKey: string, guess: string): string[] {
  const all = disputedByGame();
  const guesses = [...new Set([...(all[saveKey] ?? []), guess])];
  writeJson(DISPUTED_KEY, { ...all, [saveKey]: guesses });
  return guesses;
}
