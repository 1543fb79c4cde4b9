// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { urlOf } from '../../test/fetch.ts';
import type { Insights as InsightsData } from '../../api/generated/index.ts';
import { dateTicks, Insights, valueTicks } from './Insights.tsx';
import { formatDate } from '../../lib/dates.ts';

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
    const chart = screen.getByRole('img', { name: /Players and results a day/ });
    expect(chart.querySelector('desc')?.textContent).toBe(
      `From ${formatDate('2026-03-08')} to ${formatDate('2026-03-09')}: 4 results in all, at most 4 players or results a day. The table below lists each day.`,
    );
    // Both axes are titled and ticked: counts 0–4 up the side, the days' dates along the bottom.
    const yAxis = within(screen.getByTestId('y-axis'));
    expect(yAxis.getByText('Count')).toBeTruthy();
    expect(['0', '1', '2', '3', '4'].every((t) => yAxis.queryByText(t))).toBe(true);
    const xAxis = within(screen.getByTestId('x-axis'));
    expect(xAxis.getByText('Day (New York)')).toBeTruthy();
    expect(xAxis.getByText(formatDate('2026-03-09', { noYear: true }))).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Players and results chart' }).getAttribute('tabindex')).toBe('0');
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

describe('chart ticks', () => {
  it('counts in whole 1, 2 or 5 steps up to at least the largest value', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(valueTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(100)).toEqual([0, 50, 100]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('dates at most six days, evenly, ending on the last day', () => {
    expect(dateTicks(0)).toEqual([]);
    expect(dateTicks(2)).toEqual([0, 1]);
    expect(dateTicks(30)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(dateTicks(31)).toEqual([0, 6, 12, 18, 24, 30]);
  });
});
