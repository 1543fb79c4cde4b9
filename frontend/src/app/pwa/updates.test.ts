// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRunningEntry } from './build.ts';
import { checkForUpdate, watchForUpdates } from './updates.ts';

const served = (entry: string) => () => Promise.resolve(new Response(JSON.stringify({ entry, assets: [entry] })));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('update check', () => {
  it('stays quiet for the running build and offline, and tells once when another is served', async () => {
    setRunningEntry('http://localhost/assets/index-a.js');
    const noticed = vi.fn();
    const stop = watchForUpdates(noticed);
    vi.stubGlobal('fetch', served('/assets/index-a.js'));
    await checkForUpdate();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await checkForUpdate();
    expect(noticed).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', served('/assets/index-b.js'));
    await checkForUpdate();
    await checkForUpdate();
    expect(noticed).toHaveBeenCalledTimes(1);
    stop();
  });
});
