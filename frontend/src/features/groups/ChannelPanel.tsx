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
import { t as translate, useT } from '../../lib/i18n.ts';
import { Trans } from '../../components/Trans.tsx';
import { toast } from '../../stores/toasts.ts';
import { disconnectChannel, saveChannel, testChannel, useChannel } from './api.ts';

const KIND_NAMES = { discord: 'Discord', slack: 'Slack' } as const;
const PLACEHOLDER = 'https://discord.com/api/webhooks/…';

function Status({ state }: { state: ChannelState }) {
  const t = useT();
  if (!state.connected) return <p className="text-sm text-muted" data-testid="channel-status">{t('b.channel.notConnected')}</p>;
  const kind = state.kind ? KIND_NAMES[state.kind] : t('b.channel.webhook');
  return (
    <div className="grid gap-2" data-testid="channel-status">
      <p className="text-sm">
        <Trans id="b.channel.connected" values={{ kind }} components={{ 0: <span className="font-semibold">{state.host}</span> }} />
        {state.lastDeliveryAt && <> · {t('b.channel.lastDelivery', { date: formatDateTime(state.lastDeliveryAt) })}</>}
        {state.pending > 0 && <> · {t('b.channel.waiting', { count: state.pending })}</>}
      </p>
      {state.disabled && (
        <div role="alert" className="rounded-lg border border-wrong p-3 text-sm" data-testid="channel-disabled">
          <p className="font-semibold">{t('b.channel.stopped')}</p>
          <p>{t('b.channel.lastFailure', { reason: state.disabled.reason })}</p>
          <p>{t('b.channel.fix')}</p>
        </div>
      )}
      {!state.disabled && state.lastError && (
        <p className="text-sm text-muted" data-testid="channel-retrying">{t('b.channel.retrying', { error: state.lastError })}</p>
      )}
    </div>
  );
}

export function ChannelPanel({ groupId }: { groupId: number }) {
  const t = useT();
  const { channel, set } = useChannel(groupId);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const state = channel.data;
  if (!state) return <p className="text-muted">{channel.isError ? t('b.channel.loadFailed') : t('b.loading')}</p>;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (err instanceof ApiError && err.field === 'url') setError(err.message);
      else toast({ title: translate('b.groups.error'), description: describeError(err), status: 'error', duration: 5000 });
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
      toast({ title: translate('b.channel.saved'), status: 'success' });
    });
  };
  const test = () =>
    void run(async () => {
      const result = await testChannel(groupId);
      set(result.channel);
      toast({ title: result.delivered ? translate('b.channel.testSent') : translate('b.channel.testFailed'), description: result.message,
        status: result.delivered ? 'success' : 'error', duration: 5000 });
    });
  const disconnect = () =>
    void run(async () => {
      set(await disconnectChannel(groupId));
      setAsking(false);
      toast({ title: translate('b.channel.disconnected'), status: 'success' });
    });

  return (
    <div className="grid gap-3" data-testid="channel">
      <p className="text-sm text-muted">
        {t('b.channel.intro')}
      </p>
      <Status state={state} />
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
        <Field className="min-w-0 flex-1" label={state.connected ? t('b.channel.newUrl') : t('b.channel.url')} value={url} onChange={setUrl}
          error={error} type="url" inputMode="url" autoComplete="off" spellCheck={false}
          placeholder={PLACEHOLDER} hint={t('b.channel.hint')} />
        <button type="submit" className="btn btn-primary" disabled={busy || url.trim() === ''}>{state.connected ? t('b.channel.save') : t('b.channel.connect')}</button>
      </form>
      {state.connected && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={test}>{t('b.channel.test')}</button>
          <button type="button" className="btn btn-ghost text-wrong" disabled={busy} onClick={() => {
            setAsking(true);
          }}>{t('b.channel.disconnect')}</button>
        </div>
      )}
      {asking && (
        <ConfirmDialog message={t('b.channel.disconnectConfirm')} confirmLabel={t('b.channel.disconnect')} tone="danger" busy={busy}
          onConfirm={disconnect} onCancel={() => {
            setAsking(false);
          }} />
      )}
    </div>
  );
}
