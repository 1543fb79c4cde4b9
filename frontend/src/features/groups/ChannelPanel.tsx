/**
 * The owner's chat channel on the group page (lazy): connect the group to a Discord or Slack
 * incoming webhook, change or disconnect it, send a test message; the channel's state (connected,
 * disabled after failures with the reason, the last delivery) is shown.
 */
import '../../styles/full.css';
import { useState, type SubmitEvent } from 'react';
import type { ChannelState } from '../../api/generated/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Field } from '../../components/Field.tsx';
import { ApiError } from '../../lib/apiClient.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { describeError } from '../../lib/describeError.ts';
import { toast } from '../../stores/toasts.ts';
import { disconnectChannel, saveChannel, testChannel, useChannel } from './api.ts';

const KIND_NAMES = { discord: 'Discord', slack: 'Slack' } as const;

function Status({ state }: { state: ChannelState }) {
  if (!state.connected) return <p className="text-sm text-muted" data-testid="channel-status">Not connected.</p>;
  const kind = state.kind ? KIND_NAMES[state.kind] : 'Webhook';
  return (
    <div className="grid gap-2" data-testid="channel-status">
      <p className="text-sm">
        Connected: {kind} at <span className="font-semibold">{state.host}</span>
        {state.lastDeliveryAt && <> · last delivery {formatDateTime(state.lastDeliveryAt)}</>}
        {state.pending > 0 && <> · {state.pending} waiting</>}
      </p>
      {state.disabled && (
        <div role="alert" className="rounded-lg border border-wrong p-3 text-sm" data-testid="channel-disabled">
          <p className="font-semibold">Deliveries are stopped: the channel failed too many times in a row.</p>
          <p>Last failure: {state.disabled.reason}</p>
          <p>Check the webhook, then save its address again to turn deliveries back on.</p>
        </div>
      )}
      {!state.disabled && state.lastError && (
        <p className="text-sm text-muted" data-testid="channel-retrying">Retrying: {state.lastError}</p>
      )}
    </div>
  );
}

export function ChannelPanel({ groupId }: { groupId: number }) {
  const { channel, set } = useChannel(groupId);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const state = channel.data;
  if (!state) return <p className="text-muted">{channel.isError ? 'The channel could not be loaded.' : 'Loading…'}</p>;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (err instanceof ApiError && err.field === 'url') setError(err.message);
      else toast({ title: 'An error occurred.', description: describeError(err), status: 'error', duration: 5000 });
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    void run(async () => {
      set(await saveChannel(groupId, url));
      setUrl('');
      toast({ title: 'Channel saved.', status: 'success' });
    });
  };
  const test = () =>
    void run(async () => {
      const result = await testChannel(groupId);
      set(result.channel);
      toast({ title: result.delivered ? 'Test message sent.' : 'The test message was not delivered.', description: result.message,
        status: result.delivered ? 'success' : 'error', duration: 5000 });
    });
  const disconnect = () =>
    void run(async () => {
      set(await disconnectChannel(groupId));
      setAsking(false);
      toast({ title: 'Channel disconnected.', status: 'success' });
    });

  return (
    <div className="grid gap-3" data-testid="channel">
      <p className="text-sm text-muted">
        Post each member&apos;s result (the circles and the score, never an answer) and every night&apos;s board to a Discord or
        Slack channel through its incoming webhook.
      </p>
      <Status state={state} />
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
        <Field className="min-w-0 flex-1" label={state.connected ? 'New webhook URL' : 'Webhook URL'} value={url} onChange={setUrl}
          error={error} type="url" inputMode="url" autoComplete="off" spellCheck={false}
          placeholder="https://discord.com/api/webhooks/…" hint="Discord: channel settings › Integrations › Webhooks. Slack: an incoming-webhook app." />
        <button type="submit" className="btn btn-primary" disabled={busy || url.trim() === ''}>{state.connected ? 'Save' : 'Connect'}</button>
      </form>
      {state.connected && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={test}>Send a test message</button>
          <button type="button" className="btn btn-ghost text-wrong" disabled={busy} onClick={() => {
            setAsking(true);
          }}>Disconnect</button>
        </div>
      )}
      {asking && (
        <ConfirmDialog message="Disconnect the channel? Messages waiting to be sent are dropped." confirmLabel="Disconnect" tone="danger" busy={busy}
          onConfirm={disconnect} onCancel={() => {
            setAsking(false);
          }} />
      )}
    </div>
  );
}
