/**
 * The profanity rule end to end (issue 12): a player creates "African countries" with Niger and
 * Nigeria on the list (the browser's WASM check and the server both let it through), and an
 * admin's edit with a word the rule flags is saved with a warning in the editor, not refused.
 * Accounts come from the real sign-up API (code read from the mail outbox); the admin is
 * granted with `lavalist admin grant`.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, expectNoSeriousA11y, launchBrowser, openLoggedIn, registerAccount, screenshot, startServer, type Account, type Server } from './harness.ts';

let server: Server;
let browser: Browser;
let context: BrowserContext | undefined;

const AFRICA = {
  prompt: 'African countries on the Niger river basin and around it',
  items: ['Niger', 'Nigeria', 'Mali', 'Benin', 'Chad', 'Cameroon', 'Guinea', 'Burkina Faso', 'Algeria', 'Ivory Coast'],
};

/** A page logged in through the login modal, then at `path`. */
async function openAs(account: Account, path: string): Promise<Page> {
  const opened = await openLoggedIn(browser, server, account, path);
  context = opened.context;
  return opened.page;
}

let player: Account;
let admin: Account;
let uid = '';

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [player, admin] = [await registerAccount(server, 'NigerFan'), await registerAccount(server, 'ModAdmin')];
  server.cli(['admin', 'grant', admin.email]);
});

afterAll(async () => {
  await browser.close();
  server.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('profanity precision', () => {
  it('a player creates "African countries" with Niger and Nigeria', async () => {
    const page = await openAs(player, '/create');
    await page.getByLabel('Prompt', { exact: true }).fill(AFRICA.prompt);
    for (const [i, name] of AFRICA.items.entries()) await page.getByLabel(`Item ${String(i + 1)} answer`).fill(name);
    const submit = page.getByTestId('create-submit');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    expect(await page.getByText('Please remove any bad words.').count()).toBe(0);
    await expectNoSeriousA11y(page, 'create page with Niger');
    await screenshot(page, 'create-african-countries-1280x800');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/game/upload'));
    await submit.click();
    const response = await uploaded;
    expect(response.status()).toBe(200);
    uid = ((await response.json()) as { uid: string }).uid;
    await page.getByText('Game created successfully!').waitFor();
  });

  it("an admin's edit with a flagged word is saved with a warning in the editor", async () => {
    expect(uid).not.toBe('');
    const page = await openAs(admin, `/edit/${uid}`);
    await page.getByRole('heading', { name: 'Edit Game' }).waitFor();
    await page.getByLabel('Item 10 name').fill('Shitterton Dickhead');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const warning = page.getByTestId('edit-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain("the bad-word check flags item 10's name");
    expect(await page.getByTestId('edit-error').count()).toBe(0);
    await expectNoSeriousA11y(page, 'editor with a warning');
    await screenshot(page, 'admin-edit-warning-1280x800');
    const stored = (await (await fetch(`${server.url}/api/game/edit/${uid}`, { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as { items: { name: string }[] };
    expect(stored.items[9]?.name).toBe('Shitterton Dickhead');
  });
});
