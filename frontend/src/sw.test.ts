import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

type ShouldCache = (request: Request, response: Response) => boolean;

const ORIGIN = 'https://lavalist.test';

/** Runs public/sw.js as the classic worker script it is, in a sandbox, and takes its shouldCache. */
function loadShouldCache(): ShouldCache {
  const source = readFileSync(resolve(import.meta.dirname, '../public/sw.js'), 'utf8');
  const sandbox: Record<string, unknown> = {
    self: { location: { origin: ORIGIN }, addEventListener: () => undefined },
    URL,
  };
  createContext(sandbox);
  runInContext(source, sandbox);
  return sandbox.shouldCache as ShouldCache;
}

const shouldCache = loadShouldCache();

const today = `${ORIGIN}/api/game/date/2026-11-24`;

function ok(headers: Record<string, string> = { 'cache-control': 'public, max-age=30' }, status = 200): Response {
  return new Response('{}', { status, headers });
}

describe('service worker: shouldCache', () => {
  it('stores a public 200 same-origin GET', () => {
    expect(shouldCache(new Request(today), ok())).toBe(true);
  });

  it('stores a 200 without Cache-Control and one marked no-cache (revalidated, still public)', () => {
    expect(shouldCache(new Request(`${ORIGIN}/api/game/uid/abc`), ok({}))).toBe(true);
    expect(shouldCache(new Request(`${ORIGIN}/`), ok({ 'cache-control': 'no-cache' }))).toBe(true);
  });

  it('never stores private or no-store answers (a future day, account routes)', () => {
    const future = new Request(`${ORIGIN}/api/game/date/2026-11-25`);
    expect(shouldCache(future, ok({ 'cache-control': 'private, no-store' }))).toBe(false);
    expect(shouldCache(future, ok({ 'cache-control': 'no-store' }))).toBe(false);
    expect(shouldCache(future, ok({ 'cache-control': 'private' }))).toBe(false);
    expect(shouldCache(future, ok({ 'cache-control': 'max-age=30, Private="set-cookie"' }))).toBe(false);
    expect(shouldCache(future, ok({ 'cache-control': 'NO-STORE' }))).toBe(false);
  });

  it('never stores a response that sets a cookie', () => {
    expect(shouldCache(new Request(today), ok({ 'cache-control': 'public', 'set-cookie': 'session=1' }))).toBe(false);
  });

  it('stores a request made with an Authorization header only if the answer says public', () => {
    const authorized = (url: string) => new Request(url, { headers: { Authorization: 'Bearer token' } });
    expect(shouldCache(authorized(`${ORIGIN}/api/game/uid/hidden`), ok({}))).toBe(false);
    expect(shouldCache(authorized(`${ORIGIN}/api/game/uid/hidden`), ok({ 'cache-control': 'max-age=30' }))).toBe(false);
    expect(shouldCache(authorized(`${ORIGIN}/api/game/date/2026-11-25`), ok({ 'cache-control': 'private, no-store' }))).toBe(false);
    expect(shouldCache(authorized(`${ORIGIN}/api/user`), ok({ 'cache-control': 'public, no-store' }))).toBe(false);
    // Today's game, as a logged-in player fetches it, stays available offline.
    expect(shouldCache(authorized(today), ok())).toBe(true);
  });

  it('never stores non-GET requests', () => {
    expect(shouldCache(new Request(today, { method: 'POST', body: '{}' }), ok())).toBe(false);
    expect(shouldCache(new Request(today, { method: 'HEAD' }), ok())).toBe(false);
  });

  it('never stores non-200 answers', () => {
    expect(shouldCache(new Request(today), ok({ 'cache-control': 'public' }, 404))).toBe(false);
    expect(shouldCache(new Request(today), ok({ 'cache-control': 'public' }, 206))).toBe(false);
    expect(shouldCache(new Request(today), ok({ 'cache-control': 'public' }, 500))).toBe(false);
    expect(shouldCache(new Request(today), Response.error())).toBe(false);
  });

  it('never stores an opaque response', () => {
    const opaque = { status: 0, type: 'opaque', headers: new Headers() } as unknown as Response;
    expect(shouldCache(new Request(today), opaque)).toBe(false);
    const opaque200 = { status: 200, type: 'opaque', headers: new Headers() } as unknown as Response;
    expect(shouldCache(new Request(today), opaque200)).toBe(false);
  });

  it('never stores cross-origin responses', () => {
    expect(shouldCache(new Request('https://cdn.example/api/game/date/2026-11-24'), ok())).toBe(false);
    expect(shouldCache(new Request('http://lavalist.test/api/game/date/2026-11-24'), ok())).toBe(false);
  });
});

type Listener = (event: Record<string, unknown>) => void;

/** Runs public/sw.js with fake registration and clients, and returns its event listeners. */
function loadWorker(tabs: { url: string; focus: () => Promise<unknown>; navigate?: (u: string) => Promise<unknown> }[]) {
  const source = readFileSync(resolve(import.meta.dirname, '../public/sw.js'), 'utf8');
  const listeners: Record<string, Listener> = {};
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const sandbox: Record<string, unknown> = {
    self: {
      location: { origin: ORIGIN },
      addEventListener: (type: string, listener: Listener) => {
        listeners[type] = listener;
      },
      registration: {
        showNotification: (title: string, options: Record<string, unknown>) => {
          shown.push({ title, options });
          return Promise.resolve();
        },
      },
      clients: {
        matchAll: () => Promise.resolve(tabs),
        openWindow: (url: string) => {
          opened.push(url);
          return Promise.resolve(null);
        },
      },
    },
    URL,
  };
  createContext(sandbox);
  runInContext(source, sandbox);
  return { listeners, shown, opened };
}

/** Dispatches an event whose waitUntil promise is awaited. */
async function dispatch(listener: Listener | undefined, event: Record<string, unknown>): Promise<void> {
  let pending: Promise<unknown> = Promise.resolve();
  listener?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
  await pending;
}

describe('service worker: reminders', () => {
  it('shows a push as a notification that links to a page of this site only', async () => {
    const worker = loadWorker([]);
    const payload = { title: 'Today’s Lavalist is ready', body: 'Day 400 is out.', url: 'https://lavalist.test/', tag: 'lavalist-daily' };
    await dispatch(worker.listeners.push, { data: { json: () => payload } });
    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0]?.title).toBe(payload.title);
    expect(worker.shown[0]?.options).toMatchObject({ body: payload.body, tag: 'lavalist-daily', data: { url: '/' } });
    await dispatch(worker.listeners.push, { data: { json: () => ({ url: 'https://evil.example/x' }) } });
    expect(worker.shown[1]?.options).toMatchObject({ data: { url: '/' } });
    expect(worker.shown[1]?.title).toBe("Today's Lavalist is ready");
    await dispatch(worker.listeners.push, { data: { json: () => { throw new Error('not JSON'); } } });
    expect(worker.shown).toHaveLength(3);
  });

  it('focuses an open tab (taking it to today’s game) or opens one', async () => {
    let focused = 0;
    const navigated: string[] = [];
    const tab = {
      url: `${ORIGIN}/explore/archive`,
      focus: () => {
        focused++;
        return Promise.resolve(tab);
      },
      navigate: (u: string) => {
        navigated.push(u);
        return Promise.resolve(tab);
      },
    };
    const notification = { data: { url: '/' }, close: () => undefined };
    const withTab = loadWorker([tab]);
    await dispatch(withTab.listeners.notificationclick, { notification });
    expect(focused).toBe(1);
    expect(navigated).toEqual(['/']);
    expect(withTab.opened).toEqual([]);
    const withoutTab = loadWorker([{ url: 'https://elsewhere.example/', focus: () => Promise.resolve(null) }]);
    await dispatch(withoutTab.listeners.notificationclick, { notification });
    expect(withoutTab.opened).toEqual(['/']);
  });
});
