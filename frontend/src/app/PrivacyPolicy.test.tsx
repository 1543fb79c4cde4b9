// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../lib/queryClient.ts';
import { urlOf } from '../test/fetch.ts';
import { formatDate } from '../lib/dates.ts';
import { PrivacyPolicy } from './PrivacyPolicy.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

function renderPolicy() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <MemoryRouter>
        <PrivacyPolicy />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PrivacyPolicy', () => {
  it("shows the operator's contact and the policy's date from the server, and the account rights", async () => {
    fetchMock.mockResolvedValueOnce(json({ contact: 'privacy@lavalist.example', updated: '2026-11-25' }));
    renderPolicy();
    expect(await screen.findByText(`Last updated ${formatDate('2026-11-25')}.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'privacy@lavalist.example' }).getAttribute('href')).toBe('mailto:privacy@lavalist.example');
    expect(screen.getByRole('link', { name: 'Account page' }).getAttribute('href')).toBe('/account');
    expect(screen.getByText(/delete\s+your account/)).toBeTruthy();
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/privacy');
  });

  it('names no address when the operator set none', async () => {
    fetchMock.mockResolvedValueOnce(json({ updated: '2026-11-25' }));
    renderPolicy();
    expect(await screen.findByText(/go to the operator of this Lavalist server/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });
});
