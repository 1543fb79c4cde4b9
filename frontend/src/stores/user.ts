/**
 * The signed-in user (spec §3, §4, §8). The user is kept in localStorage under `user`, encoded
 * with a fixed client-side key, and the bearer token under `authToken` (the API client sends it).
 *
 * The encoding is OBFUSCATION, NOT SECURITY: the key ships in this bundle, so anyone with the
 * storage can decode it. It only keeps the e-mail from sitting in plain text in the storage
 * inspector, as the original client did. A few lines of XOR + base64 keep the first download small
 * and the read synchronous, so the header shows the user on the first paint without waiting.
 *
 * On start `refresh()` asks `/api/user` only when a user is stored. A refusal (401 for an expired
 * or revoked token, any other 4xx) logs 'Error fetching user' and clears the user. A network
 * failure, a 5xx or a 429 logs the same error but KEEPS the stored user: being offline or a busy
 * server must not log the player out; the next start asks again. Its answer carries a renewed
 * token (the lifetime counts from the last visit), which replaces the stored one.
 *
 * `signOut()` (the menu's Logout) asks the server to void every token of the account, then
 * forgets the session here whatever the answer: offline, the player is still logged out on
 * this device. `logout()` only forgets it here (a refused session, after a password reset).
 */
import { create } from 'zustand';
import { ApiError, get, post } from '../lib/apiClient.ts';
import type { MessageResponse, User, UserResponse } from '../api/generated/index.ts';
import { KEYS, readRaw, readString, remove, writeRaw } from '../lib/storage.ts';

export type { User } from '../api/generated/index.ts';

const fetchUser = (signal?: AbortSignal) => get<UserResponse>('/api/user', signal);

const SECRET = 'lavalist:user:v1';
const PREFIX = 'v1.';

function xor(bytes: Uint8Array): Uint8Array {
  const key = new TextEncoder().encode(SECRET);
  return bytes.map((b, i) => b ^ (key[i % key.length] ?? 0));
}

/** `v1.` + base64 of the XOR-ed UTF-8 JSON. */
export function encodeUser(user: User): string {
  const bytes = xor(new TextEncoder().encode(JSON.stringify(user)));
  return PREFIX + btoa(String.fromCharCode(...bytes));
}

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.username === 'string' &&
    typeof v.email === 'string' &&
    (v.role === undefined || v.role === null || typeof v.role === 'string')
  );
}

/** The user of an encoded entry; throws on anything that is not one (bad prefix, base64, JSON or shape). */
export function decodeUser(stored: string): User {
  if (!stored.startsWith(PREFIX)) throw new Error('unknown user encoding');
  const bytes = Uint8Array.from(atob(stored.slice(PREFIX.length)), (c) => c.charCodeAt(0));
  const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(xor(bytes)));
  if (!isUser(value)) throw new Error('stored user has the wrong shape');
  const user: User = { username: value.username, email: value.email };
  if (typeof value.role === 'string') user.role = value.role;
  return user;
}

/** The stored user, or null when none is stored or it cannot be read (logged, then dropped). */
export function readStoredUser(): User | null {
  const stored = readRaw(KEYS.user);
  if (stored === null) return null;
  try {
    return decodeUser(stored);
  } catch (error) {
    console.error('Could not read the stored user', error);
    remove(KEYS.user);
    return null;
  }
}

export function isAdmin(user: User | null): boolean {
  return user?.role === 'admin';
}

/** Whether a profile path segment names this user: case-insensitive (spec §6), URL-decoded. */
export function isOwnProfile(profileName: string, username: string): boolean {
  let name = profileName;
  try {
    name = decodeURIComponent(profileName);
  } catch {
    // a malformed escape: compare as it is
  }
  return name.toLowerCase() === username.toLowerCase();
}

/** Whether a failed `/api/user` call means the session is gone (vs. offline or a busy server). */
function sessionRefused(error: unknown): boolean {
  return error instanceof ApiError && !error.retryable;
}

interface UserStore {
  user: User | null;
  /** True once the stored user has been checked with the server (or there was none to check). */
  loaded: boolean;
  setSession: (token: string, user: User) => void;
  logout: () => void;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
}

let inFlight: Promise<void> | null = null;

export const useUser = create<UserStore>()((set, get) => ({
  user: readStoredUser(),
  loaded: false,
  setSession: (token, user) => {
    writeRaw(KEYS.authToken, token);
    writeRaw(KEYS.user, encodeUser(user));
    set({ user, loaded: true });
  },
  logout: () => {
    remove(KEYS.authToken);
    remove(KEYS.user);
    set({ user: null, loaded: true });
  },
  signOut: async () => {
    try {
      if (readString(KEYS.authToken)) await post<MessageResponse>('/api/auth/logout', {});
    } catch (error) {
      // Already void (401) or unreachable: this device forgets the session all the same.
      console.warn('Logout was not confirmed by the server', error);
    }
    get().logout();
  },
  refresh: () => {
    inFlight ??= (async () => {
      const stored = readStoredUser();
      if (!stored) {
        // No (readable) user: a token left behind would make requests signed in while the
        // header shows a guest.
        remove(KEYS.authToken);
        set({ user: null, loaded: true });
        return;
      }
      if (!readString(KEYS.authToken)) {
        console.error('Error fetching user', new Error('a user is stored without a token'));
        get().logout();
        return;
      }
      try {
        const { user, token } = await fetchUser();
        if (!isUser(user)) throw new Error('the server answered no user');
        if (typeof token === 'string' && token) writeRaw(KEYS.authToken, token);
        writeRaw(KEYS.user, encodeUser(user));
        set({ user, loaded: true });
      } catch (error) {
        console.error('Error fetching user', error);
        if (sessionRefused(error) || !(error instanceof ApiError)) get().logout();
        else set({ user: stored, loaded: true });
      }
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  },
}));
