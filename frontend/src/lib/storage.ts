/**
 * localStorage under the spec's keys (§3). Every read tolerates a missing, blocked or corrupt
 * entry (private mode, quota, hand edits, older versions): it yields the fallback, never throws.
 */

export const KEYS = {
  user: 'user',
  authToken: 'authToken',
  userKey: 'userKey',
  howToPlayModalShown: 'howToPlayModalShown',
  disableAnimations: 'disableAnimations',
  dontShowFullUrl: 'dontShowFullUrl',
  accordionIndex: 'accordionIndex',
  promoToastShown: 'promoToastShown',
  colorMode: 'colorMode',
  highContrast: 'highContrast',
  shareParams: 'shareParams',
  locale: 'locale',
  edition: 'edition',
} as const;

function storage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null; // access itself can throw (sandboxed iframes, disabled storage)
  }
}

export function readRaw(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes; a full or blocked storage loses the write but never breaks the game. */
export function writeRaw(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch (error) {
    console.warn(`could not save ${key}`, error);
  }
}

export function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to do
  }
}

export function readJson(key: string): unknown {
  const raw = readRaw(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeRaw(key, JSON.stringify(value));
}

/** A string saved either as JSON (`"abc"`) or bare (`abc`, as other clients wrote it). */
export function readString(key: string): string | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'string' ? parsed : raw;
  } catch {
    return raw;
  }
}

export function readBool(key: string, fallback: boolean): boolean {
  const value = readJson(key);
  return typeof value === 'boolean' ? value : fallback;
}

/** Every stored key (for scanning per-game saves). */
export function allKeys(): string[] {
  const s = storage();
  if (!s) return [];
  try {
    return Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null);
  } catch {
    return [];
  }
}

/** The anonymous player id the server counts results by: generated once, then kept. */
export function userKey(): string {
  const existing = readString(KEYS.userKey);
  if (existing && existing.trim()) return existing;
  const fresh = globalThis.crypto.randomUUID();
  writeRaw(KEYS.userKey, fresh);
  return fresh;
}
