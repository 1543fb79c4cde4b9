// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReminderSettings as Stored } from '../../api/generated/index.ts';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { useUser } from '../../stores/user.ts';
import { urlOf } from '../../test/fetch.ts';
import { base64UrlBytes } from './api.ts';
import { ReminderSettings, reminderWhen } from './ReminderSettings.tsx';

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

  it('keeps the e-mail choice when the browser refuses notifications, and says both', async () => {
    useUser.setState({ user: { username: 'ann', email: 'ann@example.com' } });
    vi.stubGlobal('PushManager', function PushManager() {
      // Only its presence matters: the permission is refused before it is used.
    });
    vi.stubGlobal('Notification', { requestPermission: () => Promise.resolve('denied') });
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const puts: unknown[] = [];
    fetchMock.mockImplementation((_input, init) => {
      if (init?.method === 'PUT') {
        puts.push(typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null);
        return Promise.resolve(json({ ...defaults, emailAvailable: true, email: true, timeZone: 'UTC', nextAt: null }));
      }
      return Promise.resolve(json({ ...defaults, emailAvailable: true }));
    });
    try {
      renderIt();
      fireEvent.click(await screen.findByLabelText('E-mail'));
      fireEvent.click(screen.getByLabelText('Notification on this device'));
      fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
      await waitFor(() => {
        expect(screen.getByRole('status').textContent).toBe(
          'Notifications stay off on this device: Notifications are blocked for this site. Allow them in the browser’s site settings, then try again. No reminder is scheduled.',
        );
      });
      expect(puts).toMatchObject([{ push: false, email: true }]);
      expect(screen.getByLabelText<HTMLInputElement>('E-mail').checked).toBe(true);
      expect(screen.getByLabelText<HTMLInputElement>('Notification on this device').checked).toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('says today or tomorrow for the next reminder, the weekday after that, in the zone of the reminders', () => {
    // Monday 7 December 2026, 06:00 in New York.
    const now = new Date('2026-12-07T11:00:00Z');
    const zone = 'America/New_York';
    // ICU separates "AM" by a narrow no-break space in some versions.
    const when = (at: string) => reminderWhen(at, now, 'en-US', zone).replace(/\u202f/g, ' ');
    expect(when('2026-12-07T13:30:00Z')).toBe('today at 08:30 AM');
    expect(when('2026-12-08T13:30:00Z')).toBe('tomorrow at 08:30 AM');
    expect(when('2026-12-09T13:30:00Z')).toBe('Wednesday at 08:30 AM');
    // 03:00 UTC on the 8th is still the 7th in New York.
    expect(when('2026-12-08T03:00:00Z')).toBe('today at 10:00 PM');
  });

  it('decodes the VAPID key from base64url', () => {
    expect([...base64UrlBytes('BP8_-w')]).toEqual([4, 255, 63, 251]);
  });
});
