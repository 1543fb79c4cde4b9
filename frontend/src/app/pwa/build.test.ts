// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNewBuild, servedBuild, setRunningEntry } from './build.ts';

const build = (entry: string) => ({ entry, assets: [entry, '/assets/Lazy-1.js'] });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isNewBuild', () => {
  it('says no until the running build is known, and for an unknown served one', () => {
    expect(isNewBuild(build('/assets/index-a.js'))).toBe(false);
    setRunningEntry('http://localhost/assets/index-a.js');
    expect(isNewBuild(null)).toBe(false);
  });

  it('compares the served entry with the running one', () => {
    setRunningEntry('http://localhost/assets/index-a.js');
    expect(isNewBuild(build('/assets/index-a.js'))).toBe(false);
    expect(isNewBuild(build('/assets/index-b.js'))).toBe(true);
  });
});

describe('servedBuild', () => {
  it('reads build.json past every cache', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(build('/assets/index-b.js')))));
    vi.stubGlobal('fetch', fetch);
    expect(await servedBuild()).toEqual(build('/assets/index-b.js'));
    expect(fetch).toHaveBeenCalledWith('/build.json', { cache: 'no-store' });
  });

  it('is null offline, on an error status or a body of another shape', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await servedBuild()).toBeNull();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('Not found', { status: 404 })));
    expect(await servedBuild()).toBeNull();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ entry: 3 }))));
    expect(await servedBuild()).toBeNull();
  });
});
