// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { useToasts } from '../../stores/toasts.ts';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import type { ReportedGames as ReportedGamesData } from '../../api/generated/index.ts';
import { ReportDialog } from './ReportDialog.tsx';
import { ReportedGames } from './ReportedGames.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const toastTitles = () => useToasts.getState().toasts.map((t) => t.title);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useToasts.setState({ toasts: [] });
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('ReportDialog', () => {
  it('asks for a reason before sending anything', () => {
    render(<ReportDialog uid="abc123" onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert').textContent).toBe('Please pick a reason.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the reason, the trimmed details and the userKey, then closes', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Thanks' }));
    const onClose = vi.fn();
    render(<ReportDialog uid="abc123" onClose={onClose} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Wrong or missing answers' }));
    fireEvent.change(screen.getByLabelText('Details (optional)'), { target: { value: '  Niger is missing  ' } });
    expect(screen.getByText('20/500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => { expect(onClose).toHaveBeenCalled(); });
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/game/uid/abc123/report');
    const body = bodyOf(fetchMock.mock.calls[0]?.[1]) as Record<string, unknown>;
    expect(body).toMatchObject({ reason: 'wrong-answers', details: 'Niger is missing' });
    expect(typeof body.userKey).toBe('string');
    expect(toastTitles()).toContain('Report sent');
  });

  it('says so when the player already reported the game', async () => {
    fetchMock.mockResolvedValue(json({ error: 'You already reported this game.', code: 'alreadyReported' }, 409));
    const onClose = vi.fn();
    render(<ReportDialog uid="abc123" onClose={onClose} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or a copy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => { expect(onClose).toHaveBeenCalled(); });
    expect(toastTitles()).toContain('Already reported');
  });

  it('keeps the form open with the server error on a refusal', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Too many attempts. Please try again later.', code: 'tooManyRequests' }, 429));
    render(<ReportDialog uid="abc123" onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText('Too many attempts. Please try again later.', { selector: '[role=alert]' });
    expect(toastTitles()).toEqual([]); // shown once, in the form
  });
});

const REPORTED: ReportedGamesData = {
  games: [
    {
      uid: 'busy1', prompt: 'Busy game', status: 'approved', public: true, reports: 3,
      reasons: [{ reason: 'offensive', count: 2 }, { reason: 'spam', count: 1 }],
      details: ['slur in item 3'], firstAt: '2026-03-09T10:00:00Z', lastAt: '2026-03-09T11:00:00Z',
    },
  ],
};

describe('ReportedGames', () => {
  function renderPanel() {
    const client = makeQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ReportedGames />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('lists counts, reasons and details, and hides a game', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url === '/api/admin/reports') return Promise.resolve(json(REPORTED));
      return Promise.resolve(json({ uid: 'busy1', action: 'hide', closed: 3 }));
    });
    renderPanel();
    const card = await screen.findByTestId('reported-game');
    expect(card.textContent).toContain('3 reports');
    expect(card.textContent).toContain('Offensive or hateful (2), Spam or a copy (1)');
    expect(card.textContent).toContain('slur in item 3');
    fireEvent.click(screen.getByRole('button', { name: 'Hide game' }));
    await waitFor(() => { expect(toastTitles()).toContain('Game hidden'); });
    const decision = fetchMock.mock.calls.find((c) => urlOf(c[0]) === '/api/admin/reports/busy1');
    expect(bodyOf(decision?.[1])).toEqual({ action: 'hide' });
  });

  it('says when nothing is reported', async () => {
    fetchMock.mockResolvedValue(json({ games: [] }));
    renderPanel();
    expect(await screen.findByText('No open reports.')).toBeTruthy();
  });
});
