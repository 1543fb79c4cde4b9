// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelState } from '../../api/generated/index.ts';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import { ChannelPanel } from './ChannelPanel.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const none: ChannelState = { connected: false, pending: 0 };
const connected: ChannelState = { connected: true, kind: 'discord', host: 'discord.com', pending: 0, lastDeliveryAt: '2026-11-26T12:00:00Z' };
const disabled: ChannelState = {
  connected: true,
  kind: 'slack',
  host: 'hooks.slack.com',
  pending: 0,
  disabled: { at: '2026-11-26T13:00:00Z', reason: 'The webhook answered 404.' },
};

const renderPanel = () =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <ChannelPanel groupId={7} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('ChannelPanel', () => {
  it('shows the server’s field error under the URL, then connects', async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation((input, init) => {
      expect(urlOf(input)).toBe('/api/groups/7/channel');
      if (init?.method !== 'PUT') return Promise.resolve(json(none));
      const body = bodyOf(init) as { url: string };
      sent.push(body);
      if (body.url.includes('example.com'))
        return Promise.resolve(json({ error: 'This is not an incoming-webhook URL.', code: 'webhookUrl', field: 'url' }, 400));
      return Promise.resolve(json(connected));
    });
    renderPanel();
    const field = await screen.findByLabelText<HTMLInputElement>('Webhook URL');
    fireEvent.change(field, { target: { value: 'https://example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This is not an incoming-webhook URL.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'https://discord.com/api/webhooks/1/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => {
      expect(screen.getByTestId('channel-status').textContent).toContain('Connected: Discord at discord.com');
    });
    expect(sent).toEqual([{ url: 'https://example.com/x' }, { url: 'https://discord.com/api/webhooks/1/x' }]);
    expect(screen.getByRole('button', { name: 'Send a test message' })).toBeTruthy();
  });

  it('tells the owner why a disabled channel stopped', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(disabled)));
    renderPanel();
    const notice = await screen.findByTestId('channel-disabled');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('The webhook answered 404.');
    expect(notice.textContent).toContain('save its address again');
    expect(screen.getByTestId('channel-status').textContent).toContain('Slack at hooks.slack.com');
  });

  it('sends a test message and shows the refreshed state', async () => {
    let tested = false;
    fetchMock.mockImplementation((input, init) => {
      if (urlOf(input).endsWith('/test') && init?.method === 'POST') {
        tested = true;
        return Promise.resolve(json({ delivered: true, message: 'The test message was delivered.', channel: connected }));
      }
      return Promise.resolve(json({ ...connected, lastDeliveryAt: undefined }));
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test message' }));
    await waitFor(() => {
      expect(screen.getByTestId('channel-status').textContent).toContain('last delivery');
    });
    expect(tested).toBe(true);
  });
});
