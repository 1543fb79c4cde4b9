/**
 * What this device remembers of its "I was right" disputes: the guesses it disputed in each game
 * (by save key, so the button stays disabled and the game knows to ask how they went) and the
 * accepted disputes it has already told the player about (by id, so the toast shows once). The
 * server keeps no "seen" state: `GET /api/disputes` lists a userKey's disputes as they stand.
 */
import type { Dispute } from '../../../api/generated/index.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';

const DISPUTED_KEY = 'disputedGuesses';
const SHOWN_KEY = 'disputesShown';

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === 'number');

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

function shownIds(): number[] {
  const value = readJson(SHOWN_KEY);
  return isNumbers(value) ? value : [];
}

/** The accepted disputes of game `uid` the player has not been told about yet. */
export function unseenAccepted(disputes: Dispute[], uid: string): Dispute[] {
  const shown = new Set(shownIds());
  return disputes.filter((d) => d.status === 'accepted' && d.gameUid === uid && !shown.has(d.id));
}

export function markShown(ids: number[]): void {
  writeJson(SHOWN_KEY, [...new Set([...shownIds(), ...ids])]);
}
