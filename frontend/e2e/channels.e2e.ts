/**
 * Group channels end to end (issue 26, point 3): the owner connects the group to a webhook (a
 * real HTTP receiver on loopback, admitted by the test-only setting) by keyboard, sees a field
 * error for a URL that is no webhook, sends a test message, then finishes today's game: the
 * receiver gets the share lines (no item), and when it fails the channel is disabled and the
 * group page says why. A member sees no channel section. Axe on each state; screenshots at 375
 * and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, ARTIFACTS, cspViolations, DIST, expectNoSeriousA11y, launchBrowser, openLoggedIn, playToday, registerAccount, screenshot, startServer, type Account, type Server } from './harness.ts';
import { ITEMS } from './fixture.ts';

/** The test-only setting admits the loopback receiver; quick polls; one failure disables. */
const SETTINGS = { LAVALIST_CHANNEL_ALLOW_LOOPBACK: 'true', LAVALIST_CHANNEL_POLL_MS: '200', LAVALIST_CHANNEL_MAX_FAILURES: '1' };

let server: Server;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** What the receiver got, and the status it answers with. */
const received: { path: string; body: Record<string, unknown> }[] = [];
let answer = 204;
let receiver: HttpServer;
let port = 0;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(DIST, SETTINGS), launchBrowser()]);
  receiver = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => {
      data += chunk.toString();
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(data || '{}') as Record<string, unknown> });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});

afterAll(async () => {
  receiver.close();
  await browser.close();
  server.stop();
});

afterEach(async () => {
  const violations = contexts.flatMap((c) => cspViolations(c));
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  expect(violations).toEqual([]);
});

async function loggedIn(account: Account, path: string, mobile: boolean): Promise<Page> {
  const { context, page } = await openLoggedIn(browser, server, account, path, { mobile });
  contexts.push(context);
  return page;
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

/** The page from its top, for the screenshot. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document.querySelector('main')?.scrollTo(0, 0);
  });
  await screenshot(page, name);
}

describe('group channels', () => {
  it('the owner connects, tests and is told when the channel is disabled; a member sees nothing', async () => {
    const owner = await registerAccount(server, 'ChanOwner');
    const member = await registerAccount(server, 'ChanMember');
    const group = await apiJson<{ id: number; inviteCode: string }>(server, 'POST', '/api/groups', { name: 'Webhook club' }, owner.token);
    await apiJson(server, 'POST', `/api/groups/join/${group.inviteCode}`, {}, member.token);

    const page = await loggedIn(owner, `/group/${String(group.id)}`, false);
    const section = page.getByTestId('channel');
    await section.getByTestId('channel-status').filter({ hasText: 'Not connected.' }).waitFor();

    // By keyboard: a URL that is no webhook gets its field error.
    const field = section.getByLabel('Webhook URL');
    await field.focus();
    await page.keyboard.type('https://example.com/not-a-webhook');
    await page.keyboard.press('Enter');
    const error = section.getByRole('alert');
    await error.filter({ hasText: 'not an incoming-webhook URL' }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11y(page, 'channel form with an error');

    await field.fill('');
    await field.focus();
    await page.keyboard.type(`http://127.0.0.1:${String(port)}/api/webhooks/7/e2e-token`);
    await page.keyboard.press('Enter');
    await section.getByTestId('channel-status').filter({ hasText: 'Connected: Discord at 127.0.0.1' }).waitFor();

    await section.getByRole('button', { name: 'Send a test message' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Test message sent.').waitFor();
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/api/webhooks/7/e2e-token');
    expect(String(received[0]?.body.content)).toContain('Webhook club');
    await section.getByTestId('channel-status').filter({ hasText: 'last delivery' }).waitFor();
    await expectNoSeriousA11y(page, 'channel connected');
    await shoot(page, 'group-channel-1280x800');

    // The owner finishes today's game: the channel gets the share lines, no item.
    await playToday(page, 4);
    await until(() => received.length === 2, 'the result message');
    const text = String(received[1]?.body.content);
    expect(text).toContain('ChanOwner finished the game:');
    expect(text).toContain('🟡🟡🟡🟡🔴🔴🔴🔴🔴🔴');
    for (const item of ITEMS) expect(text).not.toContain(item);

    // The member's result fails (one failure disables, in this suite): the owner is told.
    answer = 500;
    const memberPage = await loggedIn(member, `/group/${String(group.id)}`, true);
    await memberPage.getByTestId('members').waitFor();
    expect(await memberPage.getByTestId('channel-section').count()).toBe(0);
    await playToday(memberPage, 10);
    await until(() => received.length === 3, 'the failed attempt');

    const mobile = await loggedIn(owner, `/group/${String(group.id)}`, true);
    const notice = mobile.getByTestId('channel-disabled');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('The webhook answered 500.');
    await expectNoSeriousA11y(mobile, 'channel disabled');
    await mobile.getByTestId('channel-section').scrollIntoViewIfNeeded();
    await screenshot(mobile, 'group-channel-disabled-375x812');

    // Saving the address again turns it back on.
    answer = 204;
    const again = mobile.getByTestId('channel').getByLabel('New webhook URL');
    await again.fill(`http://127.0.0.1:${String(port)}/api/webhooks/7/e2e-token`);
    await mobile.getByRole('button', { name: 'Save' }).click();
    await mobile.getByTestId('channel-disabled').waitFor({ state: 'detached' });
    await screenshot(mobile, 'group-channel-375x812');
  });
});
