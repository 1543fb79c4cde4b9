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
