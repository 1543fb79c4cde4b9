/**
 * Daily reminders in Settings, in Chromium against the real server: turning push on with the
 * permission granted by the browser context stores this browser's subscription on the server;
 * the form is keyboard-usable and axe clean; screenshots at 375 and 1280 px; a logged-in
 * player turns e-mail reminders on.
 *
 * Headless Chromium here has no route to Google's push service (no internet), so the real
 * `PushManager.subscribe` fails; the first test shows that it does, then, in this test only,
 * replaces it (page.addInitScript) with one that returns a subscription with real keys (a
 * WebCrypto P-256 pair and 16 random bytes) whose endpoint is a push receiver on loopback,
 * which the server admits with LAVALIST_PUSH_TEST_RECEIVER. Everything else is real: the
 * permission prompt, the service worker registration, the server's checks and storage.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11y, fileSuite, logIn, registerAccount, screenshot, type Server } from './harness.ts';

const suite = fileSuite({ LAVALIST_PUSH_TEST_RECEIVER: 'true' });
let receiver: HttpServer;
let receiverUrl = '';

beforeAll(async () => {
  receiver = createServer((_req, res) => {
    res.statusCode = 201;
    res.end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
});

afterAll(() => {
  receiver.close();
});

interface Stored {
  push: boolean;
  email: boolean;
  time: string;
  timeZone: string;
  mode: string;
  pushSubscriptions: number;
  vapidPublicKey: string;
}

async function storedFor(server: Server, page: Page, token?: string): Promise<Stored> {
  const userKey = await page.evaluate(() => localStorage.getItem('userKey') ?? '');
  const response = await fetch(`${server.url}/api/reminders`, {
    headers: { 'X-User-Key': userKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return (await response.json()) as Stored;
}

/** A subscription with real keys and a loopback endpoint, in place of the push service's. */
async function fakePushService(page: Page, endpoint: string): Promise<void> {
  await page.context().addInitScript((endpointUrl: string) => {
    const b64 = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function subscribe() {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
      const subscription = {
        endpoint: endpointUrl,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: endpointUrl, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      };
      current = subscription;
      return subscription;
    };
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
  }, endpoint);
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Daily reminder' }).waitFor();
}

describe('daily reminders', () => {
  it('turns push on with the keyboard and stores this browser’s subscription', async () => {
    const page = await suite.open('/');
    await page.getByTestId('prompt').waitFor();
    await page.context().grantPermissions(['notifications'], { origin: suite.server().url });
    const vapid = (await storedFor(suite.server(), page)).vapidPublicKey;
    // The real push service is out of reach here: subscribe fails (or never answers).
    const real = await page.evaluate(async (key: string) => {
      const bytes = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const reg = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
      await navigator.serviceWorker.ready;
      const attempt = reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes }).then(
        (s) => `subscribed at ${new URL(s.endpoint).host}`,
        (e: unknown) => `failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`,
      );
      const timeout = new Promise<string>((resolve) => setTimeout(() => {
          resolve('failed: no answer in 10 s');
        }, 10_000));
      return Promise.race([attempt, timeout]);
    }, vapid);
    console.log(`real PushManager.subscribe in headless Chromium: ${real}`);
    await fakePushService(page, `${receiverUrl}/push/e2e-browser`);
    await page.reload();
    await page.getByTestId('prompt').waitFor();

    await openSettings(page);
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Time').inputValue()).toBe('19:00');
    expect(await dialog.getByLabel('E-mail').isDisabled()).toBe(true);
    await expectNoSeriousA11y(page, 'reminder settings');
    await page.setViewportSize({ width: 375, height: 812 });
    await dialog.getByRole('button', { name: 'Save reminder' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'reminders-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Save reminder' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'reminders-1280');

    // Keyboard only: Space on the switch, the streak choice by arrow keys, Tab to Save, Enter.
    await dialog.getByLabel('Notification on this device').focus();
    await page.keyboard.press('Space');
    expect(await dialog.getByLabel('Notification on this device').isChecked()).toBe(true);
    await dialog.getByLabel('Every day I have not played yet').focus();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel('Only when my streak is at risk').isChecked()).toBe(true);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Save reminder') break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save reminder');
    await page.keyboard.press('Enter');
    await dialog.getByText(/^Saved\. Next reminder/).waitFor();
    await expectNoSeriousA11y(page, 'reminder settings, saved');
    await page.setViewportSize({ width: 375, height: 812 });
    await dialog.getByRole('status').scrollIntoViewIfNeeded();
    await screenshot(page, 'reminders-saved-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    const stored = await storedFor(suite.server(), page);
    expect(stored).toMatchObject({ push: true, email: false, time: '19:00', mode: 'streakAtRisk', pushSubscriptions: 1 });
    expect(stored.timeZone).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
    // The subscription came through the real service worker registration.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toContain('/sw.js');

    // Off again: the server forgets this browser.
    await dialog.getByLabel('Notification on this device').uncheck();
    await dialog.getByRole('button', { name: 'Save reminder' }).click();
    await expect.poll(async () => (await storedFor(suite.server(), page)).pushSubscriptions).toBe(0);
  });

  it('lets a logged-in player turn e-mail reminders on', async () => {
    const account = await registerAccount(suite.server(), 'Reminded');
    const page = await suite.open('/explore/archive');
    await logIn(page, account);
    await openSettings(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').check();
    await dialog.getByLabel('Time').fill('07:30');
    await dialog.getByRole('button', { name: 'Save reminder' }).click();
    await dialog.getByText(/^Saved\. Next reminder/).waitFor();
    const stored = await storedFor(suite.server(), page, account.token);
    expect(stored).toMatchObject({ email: true, push: false, time: '07:30', mode: 'everyDay' });
  });
});
