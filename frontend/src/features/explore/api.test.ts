import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../../test/fetch.ts';
import { DEFAULT_VIEW, fetchList } from './api.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const asked = (call: number) => new URL(urlOf(fetchMock.mock.calls[call]?.[0]), 'http://localhost').searchParams;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('community pages', () => {
  it('asks for the page after a loaded one by its cursor, and any other page by its number', async () => {
    fetchMock.mockResolvedValueOnce(json({ games: [], total: 5000, next: 'h:20.5:77' }));
    fetchMock.mockResolvedValueOnce(json({ games: [], total: 5000, next: 'h:19.25:60' }));
    fetchMock.mockResolvedValueOnce(json({ games: [], total: 5000 }));
    fetchMock.mockResolvedValueOnce(json({ games: [], total: 5000 }));
    await fetchList('community', 1, 'rivers', undefined, DEFAULT_VIEW);
    await fetchList('community', 2, 'rivers ', undefined, DEFAULT_VIEW);
    await fetchList('community', 9, 'rivers', undefined, DEFAULT_VIEW);
    // Another order's pages have cursors of their own.
    await fetchList('community', 2, 'rivers', undefined, { ...DEFAULT_VIEW, sort: 'new' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const [first, second, ninth, otherSort] = [asked(0), asked(1), asked(2), asked(3)];
    expect(first.get('page')).toBe('1');
    expect(second.get('after')).toBe('h:20.5:77');
    expect(second.has('page')).toBe(false);
    expect(second.get('search')).toBe('rivers');
    expect(ninth.get('page')).toBe('9');
    expect(ninth.has('after')).toBe(false);
    expect(otherSort.get('page')).toBe('2');
    expect(otherSort.has('after')).toBe(false);
  });
});
