// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../test/fetch.ts';
import { decodeUser, encodeUser, isAdmin, readStoredUser, useUser, type User } from './user.ts';

const ALICE: User = { username: 'Alice', email: 'alice@example.com' };
const ADMIN: User = { username: 'Root', email: 'root@example.com', role: 'admin' };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  useUser.setState({ user: null, loaded: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('stored user encoding', () => {
  it('round-trips, including non-ASCII names and the role', () => {
    for (const user of [ALICE, ADMIN, { username: 'Zoë_Ünïcode-🔥', email: 'zoe@example.com' }]) {
      expect(decodeUser(encodeUser(user))).toEqual(user);
    }
  });

  it('does not keep the e-mail in plain text', () => {
    const stored = encodeUser(ALICE);
    expect(stored).not.toContain('alice');
    expect(stored).not.toContain('example');
    expect(stored.startsWith('v1.')).toBe(true);
  });

  it.each([
    ['plain JSON', JSON.stringify(ALICE)],
    ['bad base64', 'v1.%%%'],
    ['garbage bytes', `v1.${btoa('not json at all')}`],
    ['a wrong shape', encodeUser({ username: 1 } as unknown as User)],
  ])('a corrupt entry (%s) logs an error, yields no user and is removed', (_, stored) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('user', stored);
    expect(readStoredUser()).toBeNull();
    expect(error).toHaveBeenCalledOnce();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('isAdmin only for the admin role', () => {
    expect(isAdmin(ADMIN)).toBe(true);
    expect(isAdmin(ALICE)).toBe(false);
    expect(isAdmin({ ...ALICE, role: 'user' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe('useUser', () => {
  it('setSession stores the token and the encoded user; logout clears both', () => {
    useUser.getState().setSession('tok-1', ALICE);
    expect(localStorage.getItem('authToken')).toBe('tok-1');
    expect(readStoredUser()).toEqual(ALICE);
    expect(useUser.getState()).toMatchObject({ user: ALICE, loaded: true });
    useUser.getState().logout();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(useUser.getState().user).toBeNull();
  });

  it('a corrupt stored user also drops its token, so requests do not stay signed in', async () => {
    localStorage.setItem('user', 'v1.garbage!');
    localStorage.setItem('authToken', 'tok-orphan');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await useUser.getState().refresh();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(useUser.getState()).toMatchObject({ user: null, loaded: true });
  });

  it('does not call the server when no user is stored', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await useUser.getState().refresh();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useUser.getState()).toMatchObject({ user: null, loaded: true });
  });

  it('asks /api/user with the bearer token and keeps what the server answers', async () => {
    useUser.getState().setSession('tok-2', ALICE);
    useUser.setState({ loaded: false });
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(200, { user: { ...ALICE, role: 'admin' } })));
    vi.stubGlobal('fetch', fetchMock);
    await useUser.getState().refresh();
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/user');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer tok-2');
    expect(useUser.getState()).toMatchObject({ user: { ...ALICE, role: 'admin' }, loaded: true });
    expect(readStoredUser()).toEqual({ ...ALICE, role: 'admin' });
  });

  it('replaces the stored token with the renewed one /api/user answers', async () => {
    useUser.getState().setSession('tok-old', ALICE);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(200, { user: ALICE, token: 'tok-renewed' }))));
    await useUser.getState().refresh();
    expect(localStorage.getItem('authToken')).toBe('tok-renewed');
    expect(useUser.getState().user).toEqual(ALICE);
  });

  it('signOut asks the server to void the tokens, with the token, then forgets the session', async () => {
    useUser.getState().setSession('tok-5', ALICE);
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(200, { message: 'Logged out.' })));
    vi.stubGlobal('fetch', fetchMock);
    await useUser.getState().signOut();
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/logout');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer tok-5');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(useUser.getState().user).toBeNull();
  });

  it('signOut still forgets the session here when the server cannot be reached', async () => {
    useUser.getState().setSession('tok-6', ALICE);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await useUser.getState().signOut();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(useUser.getState().user).toBeNull();
  });

  it('a refused session (401) logs "Error fetching user" and clears the user and token', async () => {
    useUser.getState().setSession('expired', ALICE);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(401, { error: 'Invalid token' }))));
    await useUser.getState().refresh();
    expect(error).toHaveBeenCalledWith('Error fetching user', expect.anything());
    expect(useUser.getState()).toMatchObject({ user: null, loaded: true });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('being offline logs the error but keeps the player logged in', async () => {
    useUser.getState().setSession('tok-3', ALICE);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await useUser.getState().refresh();
    expect(error).toHaveBeenCalledWith('Error fetching user', expect.anything());
    expect(useUser.getState()).toMatchObject({ user: ALICE, loaded: true });
    expect(localStorage.getItem('authToken')).toBe('tok-3');
  });

  it('a busy server (503) keeps the stored user too', async () => {
    useUser.getState().setSession('tok-4', ALICE);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(503, { error: 'busy' }))));
    await useUser.getState().refresh();
    expect(useUser.getState().user).toEqual(ALICE);
  });

  it('a stored user without a token is cleared without asking the server', async () => {
    localStorage.setItem('user', encodeUser(ALICE));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await useUser.getState().refresh();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Error fetching user', expect.anything());
    expect(useUser.getState().user).toBeNull();
  });

  it('concurrent refreshes share one request', async () => {
    useUser.getState().setSession('tok-5', ALICE);
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { user: ALICE })));
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([useUser.getState().refresh(), useUser.getState().refresh()]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
