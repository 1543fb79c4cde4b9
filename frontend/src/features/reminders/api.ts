/** Daily reminders (server reminders module): the player's choices and this browser's push subscription. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request, USER_KEY_HEADER } from '../../lib/apiClient.ts';
import { userKey } from '../../lib/storage.ts';
import type { PushSubscriptionBody, ReminderSettings, ReminderSettingsBody } from '../../api/generated/index.ts';
import { t } from '../../lib/i18n.ts';

/** Reminders belong to the account when logged in, else to this browser's userKey (sent as a header, never in a URL). */
const asPlayer = () => ({ [USER_KEY_HEADER]: userKey() });

export const fetchReminders = (signal?: AbortSignal) =>
  request<ReminderSettings>('GET', '/api/reminders', undefined, signal, asPlayer());
export const saveReminders = (body: ReminderSettingsBody) =>
  request<ReminderSettings>('PUT', '/api/reminders', body, undefined, asPlayer());
export const addPushSubscription = (body: PushSubscriptionBody) =>
  request<ReminderSettings>('POST', '/api/reminders/push', body, undefined, asPlayer());
export const removePushSubscription = (endpoint: string) =>
  request<ReminderSettings>('DELETE', '/api/reminders/push', { endpoint }, undefined, asPlayer());

/** `loggedIn` is part of the key: the account's choices are not the browser's. */
export function useReminders(loggedIn: boolean) {
  const client = useQueryClient();
  const key = ['reminders', loggedIn];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchReminders(signal), retry: 1 });
  const update = (settings: ReminderSettings) => {
    client.setQueryData(key, settings);
  };
  return { query, update };
}

/** The browser's own IANA zone (the default for a new choice). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** What web push needs: a service worker, the Push API and notifications. */
export const pushSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

/** base64url (the server's VAPID public key) as bytes, for `applicationServerKey`. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // Production builds register the worker after start (app/pwa); register it now if that has not happened.
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

export class PushUnavailable extends Error {
  override name = 'PushUnavailable';
}

/** Asks for permission (from the Save click), subscribes this browser and stores the subscription. */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<ReminderSettings> {
  if (!pushSupported()) throw new PushUnavailable(t('b.reminder.error.noPush'));
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailable(t('b.reminder.error.blocked'));
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(vapidPublicKey) }));
  const json = subscription.toJSON();
  return addPushSubscription({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
}

/** Forgets this browser's subscription, here and on the server. */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  await removePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}
