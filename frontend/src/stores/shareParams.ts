/**
 * The result parameter the server signs for each stored result (`shareParam` of the submission
 * answer), by save key: the share link carries it so its preview can show the circles and the
 * score. Kept apart from the saves, for the most recent results only.
 */
import { KEYS, readJson, writeJson } from '../lib/storage.ts';

const KEEP = 60;

function all(): Record<string, string> {
  const value = readJson(KEYS.shareParams);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function rememberShareParam(key: string, param: string): void {
  const entries = Object.entries(all()).filter(([k]) => k !== key);
  entries.push([key, param]);
  writeJson(KEYS.shareParams, Object.fromEntries(entries.slice(-KEEP)));
}

export function shareParamFor(key: string): string | undefined {
  return all()[key];
}
