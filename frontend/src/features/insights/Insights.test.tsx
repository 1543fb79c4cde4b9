// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { urlOf } from '../../test/fetch.ts';
import type { Insights as InsightsData } from '../../api/generated/index.ts';
import { Insights } from './Insights.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const DATA: InsightsData = {
  days: [
    { date: '2026-03-08', players: 0, results: 0, dailyPlayers: 0 },
    {
      date: '2026-03-09', players: 3, results: 4, dailyPrompt: 'Day one', dailyPlayers: 3, winPercent: 33, averageScore: 460,
      hardest: { name: 'Nile', foundPercent: 33 }, easiest: { name: 'Amazon', foundPercent: 67 },
    },
  ],
  winPercent: 50,
  averageScore: 595,
  topCommunity: [{ uid: 'pop1', prompt: 'Popular', players: 7, averageScore: 500 }],
  openDisputes: 2,
  openReports: 1,
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('Insights', () => {
  it('shows the totals, a chart, a row a day and the most played community games', async () => {
    fetchMock.mockResolvedValue(json(DATA));
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <MemoryRouter>
          <Insights />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Insights: the last 2 days');
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/insights?days=30');
    const tiles = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(tiles).toEqual(['50%', '595', '2', '1']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('4 results, at most 4 a day');
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3); // the header and two days, newest first
    expect(within(rows[1] as HTMLElement).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '4', 'Day one (3)', '33%', '460', 'Nile (33%)', 'Amazon (67%)']);
    expect(screen.getByRole('link', { name: 'Popular' }).getAttribute('href')).toBe('/community/pop1');

    const created = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(created).toHaveBeenCalledOnce();
  });
});
