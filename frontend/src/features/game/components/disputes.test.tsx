// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../stores/toasts.ts';
import { bodyOf, urlOf } from '../../../test/fetch.ts';
import { markDisputed } from '../stores/disputes.ts';
import { useDisputes } from './useDisputes.ts';
import { WrongGuesses } from './WrongGuesses.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const KEY = 'community/abc';
const accepted = { id: 4, gameUid: 'abc', date: null, guess: 'Kuiper', status: 'accepted', itemName: 'Pluto' };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useToasts.setState({ toasts: [] });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function Finished({ enabled = true }: { enabled?: boolean }) {
  const dispute = useDisputes(KEY, 'abc', enabled);
  // "zzzz" is no answer a dispute could be about (the core's rule leaves it out).
  return <WrongGuesses guesses={['Kuiper', 'zzzz', 'pizza']} max={8} dispute={dispute} disputable={['Kuiper', 'pizza']} />;
}

const titles = () => useToasts.getState().toasts.map((t) => t.title);

describe('I was right', () => {
  it('offers one keyboard-usable button per wrong guess, disabled once used', async () => {
    fetchMock.mockResolvedValue(json({ ...accepted, status: 'open', id: 1 }));
    render(<Finished />);
    const button = await screen.findByRole('button', { name: 'I was right: dispute “Kuiper”' });
    expect(screen.getByRole('button', { name: 'I was right: dispute “pizza”' })).toBeTruthy();
    button.focus();
    fireEvent.click(button);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: '“Kuiper” disputed' })).toHaveProperty('disabled', true);
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(urlOf(url)).toBe('/api/game/uid/abc/disputes');
    expect(bodyOf(init)).toMatchObject({ guess: 'Kuiper' });
    expect(titles()).toContain('You disputed “Kuiper”');
  });

  it('offers no button for a guess the core does not find disputable', async () => {
    render(<Finished />);
    await screen.findByRole('button', { name: 'I was right: dispute “Kuiper”' });
    expect(screen.getByText('zzzz')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I was right: dispute “zzzz”' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^I was right/ })).toHaveLength(2);
  });

  it('marks a guess disputed elsewhere (409) as used', async () => {
    fetchMock.mockResolvedValue(json({ error: 'You already disputed this guess.', code: 'alreadyDisputed' }, 409));
    render(<Finished />);
    fireEvent.click(await screen.findByRole('button', { name: 'I was right: dispute “pizza”' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: '“pizza” disputed' })).toHaveProperty('disabled', true);
    });
    expect(titles()).toContain('You already disputed “pizza”');
  });

  it('shows no buttons before the result is stored', () => {
    render(<Finished enabled={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('toasts an accepted dispute once, on the next load', async () => {
    markDisputed(KEY, 'Kuiper');
    fetchMock.mockImplementation(() => Promise.resolve(json({ disputes: [accepted] })));
    render(<Finished />);
    await waitFor(() => {
      expect(titles()).toContain('Your guess “Kuiper” was accepted');
    });
    // The userKey is a bearer secret: in a header, never in the URL.
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/disputes');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('X-User-Key')).toBeTruthy();
    cleanup();
    useToasts.setState({ toasts: [] });
    await act(async () => {
      render(<Finished />);
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
    expect(titles()).toEqual([]);
  });

  it('asks nothing when nothing was disputed from this device', () => {
    render(<Finished />);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
