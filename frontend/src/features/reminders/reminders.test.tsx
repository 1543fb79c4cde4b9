// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReminderSettings as Stored } from '../../api/generated/index.ts';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { useUser } from '../../stores/user.ts';
import { urlOf } from '../../test/fetch.ts';
import { base64UrlBytes } from './api.ts';
import { ReminderSettings } from './ReminderSettings.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const defaults: Stored = {
  push: false,
  email: false,
  time: '19:00',
  timeZone: '',
  mode: 'everyDay',
  emailAvailable: false,
  pushSubscriptions: 0,
  vapidPublicKey: 'BA',
  nextAt: null,
};

const renderIt = () =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <ReminderSettings />
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  useUser.setState({ user: null });
});

describe('reminder settings', () => {
  it('shows the defaults to a guest, e-mail off limits, and saves with the browser’s zone and the userKey header', async () => {
    const sent: { method: string; body: unknown; key: string | null }[] = [];
    fetchMock.mockImplementation((input, init) => {
      const headers = new Headers(init?.headers);
      sent.push({ method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null, key: headers.get('X-User-Key') });
      expect(urlOf(input)).toBe('/api/reminders');
      if (init?.method === 'PUT') return Promise.resolve(json({ ...defaults, mode: 'streakAtRisk', time: '08:15', timeZone: 'UTC', nextAt: '2026-11-27T08:15:00+00:00' }));
      return Promise.resolve(json(defaults));
    });
    renderIt();
    const time = await screen.findByLabelText<HTMLInputElement>('Time');
    expect(time.value).toBe('19:00');
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').disabled).toBe(true);
    expect(screen.getByText('Log in to get reminders by e-mail.')).toBeTruthy();
    fireEvent.change(time, { target: { value: '08:15' } });
    fireEvent.click(screen.getByLabelText('Only when my streak is at risk'));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    await screen.findByText(/^Saved\. Next reminder/);
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.body).toEqual({ push: false, email: false, time: '08:15', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, mode: 'streakAtRisk' });
    expect(put?.key).toMatch(/.+/);
  });

  it('says why a save was refused, by its code', async () => {
    useUser.setState({ user: { username: 'ann', email: 'ann@example.com' } });
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'PUT'
          ? json({ error: 'Unknown time zone.', code: 'invalidTimeZone' }, 400)
          : json({ ...defaults, emailAvailable: true, email: true }),
      ),
    );
    renderIt();
    const email = await screen.findByLabelText<HTMLInputElement>('E-mail');
    expect(email.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe('Not saved: This browser’s time zone is not one the server knows.');
    });
  });

  it('decodes the VAPID key from base64url', () => {
    expect([...base64UrlBytes('BP8_-w')]).toEqual([4, 255, 63, 251]);
  });
});
