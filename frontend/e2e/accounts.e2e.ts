/**
 * Accounts, the create page and the profile end to end, in real Chromium against the real
 * server (see harness.ts): sign-up codes and reset links are read from the server's mail
 * outbox. Tests run in order and build on each other (the account made in the first is used
 * by the later ones), each in a fresh browser context.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  codeIn,
  expectNoSeriousA11y,
  launchBrowser,
  newestMail,
  openLoggedIn as openLoggedInAs,
  registerAccount,
  toastTitles,
  newContext,
  screenshot,
  startServer,
  type ContextOptions,
  type Server,
} from './harness.ts';

let server: Server;
let browser: Browser;
let context: BrowserContext | undefined;

const PLAYER = { username: 'LavaFan_e2e', email: 'lava.fan@example.com', password: 'Magma-flows-2026' };
const NEW_PASSWORD = 'Basalt-cools-2026';

const GAME = {
  prompt: 'rocky bodies of the inner system',
  items: ['Mercury', 'Venus', 'Earth', 'Mars', 'Moon', 'Phobos', 'Deimos', 'Ceres', 'Vesta', 'Pallas'],
};

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser.close();
  server.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface Opened {
  page: Page;
  /** Every URL the page requested. */
  requests: string[];
}

async function open(path: string, options: ContextOptions & { theme?: 'light' | 'dark' } = {}): Promise<Opened> {
  context = await newContext(browser, server, options);
  if (options.theme) {
    const theme = options.theme;
    await context.addInitScript((t) => {
      localStorage.setItem('colorMode', t);
    }, theme);
  }
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(path);
  return { page, requests };
}


/** Waits for a toast with this title and returns its description. */
async function toastNamed(page: Page, title: string): Promise<string> {
  const toast = page.locator('.toast').filter({ has: page.locator('p.font-semibold', { hasText: title }) }).last();
  try {
    await toast.waitFor();
  } catch (error) {
    throw new Error(`no '${title}' toast; toasts: ${JSON.stringify(await page.locator('.toast').allTextContents())}`, { cause: error });
  }
  return ((await toast.locator('p.text-sm').textContent({ timeout: 500 }).catch(() => '')) ?? '').trim();
}

/** The viewport from the top (harness screenshot) and the whole page (`-full`). */
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await screenshot(page, name);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-full.png`), fullPage: true });
}

/** The newest e-mail to `email` in the outbox, decoded; waits for it to arrive. */
function resetPathIn(mail: string): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[0-9a-f]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no reset link in: ${mail}`);
  // The link carries the server's --public-url; the test server listens elsewhere.
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menu', { name: 'Options' }).waitFor();
}

async function logIn(page: Page, email: string, pass: string) {
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Login / Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(pass);
  await dialog.getByLabel('Password').press('Enter');
}

/**
 * The session of the last login through the modal (after the password reset, which voids
 * older tokens). Later tests start with it in localStorage instead of logging in again: the
 * server limits logins per account and address, and the login modal has its own tests.
 */
let session: { user: string; authToken: string } | null = null;

async function keepSession(page: Page) {
  session = await page.evaluate(() => ({ user: localStorage.getItem('user') ?? '', authToken: localStorage.getItem('authToken') ?? '' }));
  expect(session.authToken).not.toBe('');
}

/** A page with the player logged in (the stored session, checked with /api/user on start as usual). */
async function openLoggedIn(path: string, options: ContextOptions & { theme?: 'light' | 'dark' } = {}): Promise<Opened> {
  if (!session) throw new Error('no session: the login tests must run first');
  const stored = session;
  context = await newContext(browser, server, options);
  await context.addInitScript(
    ({ s, theme }) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        sessionStorage.setItem('e2e-seeded', '1');
        localStorage.setItem('user', s.user);
        localStorage.setItem('authToken', s.authToken);
        if (theme) localStorage.setItem('colorMode', theme);
      }
    },
    { s: stored, theme: options.theme ?? null },
  );
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(path);
  return { page, requests };
}

/** Makes a game through the API with the player's token (for tests about the profile). */
async function uploadViaApi(prompt: string): Promise<string> {
  const response = await fetch(`${server.url}/api/game/upload`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session?.authToken ?? ''}` },
    body: JSON.stringify({ prompt, items: Object.fromEntries(GAME.items.map((n) => [n, []])), type: 'community', public: false }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { uid: string }).uid;
}

async function fillGame(page: Page) {
  await page.getByLabel('Prompt', { exact: true }).fill(GAME.prompt);
  for (const [i, name] of GAME.items.entries()) {
    await page.getByLabel(`Item ${String(i + 1)} answer`).fill(name);
  }
}

describe('accounts', () => {
  it('signs up with the e-mailed code, logs out and logs back in', async () => {
    const { page, requests } = await open('/');
    await page.getByTestId('prompt').waitFor();

    // Keyboard: the menu opens on Enter, arrows move, Escape closes it and gives the focus back.
    const options = page.getByRole('button', { name: 'Options' });
    await options.focus();
    await page.keyboard.press('Enter');
    // The menu's list is a lazy chunk (warmed up a second after start): on a busy machine the
    // first open may wait for it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 10_000 })
      .toBe('Login / Sign Up');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Settings');
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Calendar');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
    expect(await options.evaluate((el) => el === document.activeElement)).toBe(true);

    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Login / Sign Up' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.waitFor();
    expect(await login.getByLabel('E-mail').getAttribute('autocomplete')).toBe('email');
    expect(await login.getByLabel('Password').getAttribute('autocomplete')).toBe('current-password');
    await expectNoSeriousA11y(page, 'login modal');
    await screenshot(page, 'login-modal-1280x800');

    await login.getByRole('button', { name: 'Sign up' }).click();
    const signup = page.getByRole('dialog', { name: 'Sign Up' });
    await signup.getByLabel('Username').fill(PLAYER.username);
    await signup.getByLabel('E-mail').fill(PLAYER.email);
    await signup.getByLabel('Password', { exact: true }).fill(PLAYER.password);
    // The 18+ confirmation is required: the browser does not send the form without it.
    await signup.getByRole('checkbox', { name: /I am 18 or older/ }).check();
    await signup.getByLabel('Confirm password').fill(`${PLAYER.password}x`);
    await signup.getByLabel('Confirm password').press('Enter');
    // Said once, at its field: no toast on top of it.
    await signup.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
    expect(await toastTitles(page)).toEqual([]);
    expect(await signup.getByLabel('Confirm password').getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11y(page, 'sign-up step');

    await signup.getByLabel('Confirm password').fill(PLAYER.password);
    const sentAt = Date.now() - 1000;
    await signup.getByRole('button', { name: 'Send Verification Code' }).click();
    expect(await toastNamed(page, 'Verification Code Sent')).toBe('Check your email for a 6-digit code.');
    const verify = page.getByRole('dialog', { name: 'Verify Your E-mail' });
    const codeField = verify.getByLabel('Verification code');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await expectNoSeriousA11y(page, 'verification step');

    // A mistyped code first: the form says to check it and retry (it has not expired), once.
    const code = codeIn(await newestMail(server, PLAYER.email, sentAt));
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await codeField.press('Enter');
    await verify.getByRole('alert').filter({ hasText: 'Check the 6-digit code in the e-mail and try again.' }).waitFor();
    expect(await verify.getByRole('alert').textContent()).not.toContain('expired');
    expect(await toastTitles(page)).not.toContain('Verification Failed');

    await codeField.fill(code);
    await codeField.press('Enter');
    await toastNamed(page, 'Account Verified!');
    await verify.waitFor({ state: 'detached' });
    // The flow's one toast: the success replaced the code's.
    expect(await toastTitles(page)).toEqual(['Account Verified!']);

    await openMenu(page);
    const who = page.getByTestId('menu-user');
    expect(await who.textContent()).toContain(PLAYER.username);
    expect(await who.textContent()).toContain(PLAYER.email);
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['My Created Community Games', 'My Groups', 'Account', 'Reset Password', 'Settings', 'Calendar', 'Logout']);
    await screenshot(page, 'menu-signed-in-1280x800');
    const stored = await page.evaluate(() => ({ user: localStorage.getItem('user') ?? '', token: localStorage.getItem('authToken') ?? '' }));
    expect(stored.token.length).toBeGreaterThan(20);
    expect(stored.user).not.toContain(PLAYER.email); // kept obfuscated, not in plain text
    expect(stored.user.length).toBeGreaterThan(10);

    // The session survives a reload (the stored user is checked with /api/user).
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('prompt').waitFor();
    await openMenu(page);
    expect(await page.getByTestId('menu-user').textContent()).toContain(PLAYER.username);

    // The reload's /api/user renewed the token; Logout voids it on the server, not only here.
    await page.waitForFunction((old) => localStorage.getItem('authToken') !== old, stored.token);
    const renewed = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
    expect(renewed.length).toBeGreaterThan(20);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toastNamed(page, 'Logged out');
    const statusWith = (token: string) => page.evaluate(async (t) => (await fetch('/api/user', { headers: { Authorization: `Bearer ${t}` } })).status, token);
    expect([await statusWith(renewed), await statusWith(stored.token)]).toEqual([401, 401]);
    await openMenu(page);
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Login / Sign Up', 'Settings', 'Calendar']);
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('authToken')])).toEqual([null, null]);
    await page.keyboard.press('Escape');

    await logIn(page, PLAYER.email, 'not-the-password');
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('alert').filter({ hasText: 'Invalid e-mail or password.' }).waitFor();
    expect(await toastTitles(page)).not.toContain('Login failed');
    await page.getByRole('dialog', { name: 'Log In' }).getByLabel('Password').fill(PLAYER.password);
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Log In' }).click();
    await toastNamed(page, 'Login successful');
    await openMenu(page);
    expect(await page.getByTestId('menu-user').textContent()).toContain(PLAYER.email);

    // Playing never downloaded the create page's profanity module.
    expect(requests.filter((u) => u.includes('profanity'))).toEqual([]);
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const { page } = await open('/privacy-policy');
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Login / Sign Up' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByLabel('E-mail').fill(PLAYER.email);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset Password' });
    expect(await forgot.getByLabel('E-mail').inputValue()).toBe(PLAYER.email); // carried over
    await expectNoSeriousA11y(page, 'forgot-password modal');
    const sentAt = Date.now() - 1000;
    await forgot.getByLabel('E-mail').press('Enter');
    await toastNamed(page, 'Email sent successfully');
    const path = resetPathIn(await newestMail(server, PLAYER.email, sentAt));

    await page.goto(path);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.waitFor();
    expect(await form.getByLabel('New password', { exact: true }).getAttribute('autocomplete')).toBe('new-password');
    await expectNoSeriousA11y(page, 'reset page');
    await screenshot(page, 'reset-password-1280x800');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill('something-else-1');
    await form.getByLabel('Confirm new password').press('Enter');
    await form.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await toastNamed(page, 'Password reset successfully');
    await page.waitForURL(`${server.url}/`);

    // The link is single use: the page says it was used, once, and offers a new one.
    await page.goto(path);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This reset link has expired or was already used.' }).waitFor();
    await page.getByRole('button', { name: 'Send a New Reset Link' }).waitFor();
    expect(await toastTitles(page)).toEqual([]);

    await page.goto('/');
    await logIn(page, PLAYER.email, PLAYER.password);
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('alert').filter({ hasText: 'Invalid e-mail or password.' }).waitFor();
    await page.getByRole('dialog', { name: 'Log In' }).getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('dialog', { name: 'Log In' }).getByLabel('Password').press('Enter');
    await toastNamed(page, 'Login successful');
    await keepSession(page);
  });

  it('the reset page without a token says the token is invalid', async () => {
    const { page } = await open('/reset-password');
    await page.getByText('Invalid token').waitFor();
    expect(await page.getByRole('form').count()).toBe(0);
    await expectNoSeriousA11y(page, 'reset page without token');
    await page.getByRole('button', { name: 'Send a New Reset Link' }).click();
    await page.getByRole('dialog', { name: 'Reset Password' }).waitFor();
  });

  it('the header Reset Password fills in the signed-in e-mail', async () => {
    const { page } = await openLoggedIn('/privacy-policy');
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Reset Password' }).click();
    expect(await page.getByRole('dialog', { name: 'Reset Password' }).getByLabel('E-mail').inputValue()).toBe(PLAYER.email);
  });
});

describe('create page', () => {
  it('a guest sees a prompt to log in', async () => {
    const { page } = await open('/create');
    const prompt = page.getByTestId('create-login-prompt');
    await prompt.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Create a Community Game', exact: true }).waitFor();
    await expectNoSeriousA11y(page, 'create page (guest)');
    await screenshot(page, 'create-guest-1280x800');
    await prompt.getByRole('button', { name: 'Login / Sign Up' }).click();
    await page.getByRole('dialog', { name: 'Log In' }).waitFor();
  });

  it('refuses a bad word in the browser, creates the game and shows it private on the profile', async () => {
    const { page, requests } = await openLoggedIn('/create', { theme: 'dark' });
    const submit = page.getByTestId('create-submit');
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('create-hint').textContent()).toBe('Please make sure the prompt and every item name field is filled before submitting');
    expect(await page.getByRole('button', { name: 'Autofill' }).isDisabled()).toBe(true); // needs a prompt
    await screenshots(page, 'create-empty-1280x800-dark');

    await fillGame(page);
    await page.getByLabel('Item 3 alternative spellings, separated by commas').fill('Terra, shit');
    await page.getByText('Please remove any bad words.').waitFor();
    expect(await page.getByLabel('Item 3 alternative spellings, separated by commas').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByTestId('create-hint').textContent()).toBe('Please fix all bad words before submitting');
    expect(await submit.isDisabled()).toBe(true);
    expect(requests.some((u) => /profanity_wasm_bg.*\.wasm$/.test(u))).toBe(true); // loaded here, on demand
    await screenshots(page, 'create-bad-word-1280x800-dark');

    await page.getByLabel('Item 3 alternative spellings, separated by commas').fill('Terra,  Gaia');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    expect(await page.getByText('Please remove any bad words.').count()).toBe(0);
    await expectNoSeriousA11y(page, 'create page');
    await screenshots(page, 'create-filled-1280x800-dark');

    // In-app navigation with unsaved changes asks first; Stay keeps everything.
    await page.getByTestId('header-title').click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to navigate away?').waitFor();
    await confirm.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toBe(`${server.url}/create`);
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe(GAME.prompt);

    // A reload gets the browser's own prompt; the draft survives it (sessionStorage).
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      });
    });
    await page.reload();
    expect(await asked).toBe('beforeunload');
    await page.getByLabel('Prompt', { exact: true }).waitFor();
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe(GAME.prompt);
    expect(await page.getByLabel('Item 3 alternative spellings, separated by commas').inputValue()).toBe('Terra,  Gaia');

    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    expect(await toastNamed(page, 'Game created successfully!')).toContain('private');
    await page.waitForURL(`${server.url}/user/${PLAYER.username}`);
    await page.getByRole('heading', { level: 1, name: 'Your Community Games', exact: true }).waitFor();
    expect(await page.getByTestId('header-title').textContent()).toBe('Profile');
    const card = page.getByTestId('profile-game').filter({ hasText: 'Rocky bodies of the inner system' });
    await card.waitFor();
    expect(await card.getByTestId('visibility').textContent()).toContain('Private');
    expect(await card.getByTestId('visibility').getAttribute('title')).toContain('until an admin approves it');
    await expectNoSeriousA11y(page, 'profile');
    await screenshot(page, 'profile-1280x800-dark');

    // Stored as typed: ten items in order, with the split spellings.
    const uid = (await card.getByTestId('game-card').getAttribute('href'))?.split('/').pop() ?? '';
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
    const stored = (await (await fetch(`${server.url}/api/game/uid/${uid}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      prompt: string;
      public: boolean;
      items: { id: number; name: string; altSpellings: string[] }[];
    };
    expect(stored.prompt).toBe(GAME.prompt);
    expect(stored.public).toBe(false);
    expect(stored.items.map((it) => it.name)).toEqual(GAME.items);
    expect(stored.items[2]?.altSpellings).toEqual(['Terra', 'Gaia']);
    // The draft is gone once the game is created.
    expect(await page.evaluate(() => sessionStorage.getItem('createDraft'))).toBeNull();
  });

  it('Leave in the navigate-away confirm goes where the link pointed', async () => {
    const { page } = await openLoggedIn('/create');
    await page.getByLabel('Prompt', { exact: true }).fill('a game I will not finish');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: /explore community/i }).first().click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to navigate away?').waitFor();
    await expectNoSeriousA11y(page, 'navigate-away confirm');
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/explore\/community/);
  });

  it('Back with unsaved changes asks too: Stay keeps the page and the draft, Leave goes back', async () => {
    const { page } = await openLoggedIn('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: /create/i }).first().click();
    await page.waitForURL(/\/create$/);
    await page.getByLabel('Prompt', { exact: true }).fill('a draft worth keeping');
    await page.evaluate(() => {
      history.back();
    });
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to navigate away?').waitFor();
    expect(new URL(page.url()).pathname).toBe('/create');
    await confirm.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('a draft worth keeping');
    expect(new URL(page.url()).pathname).toBe('/create');
    await page.evaluate(() => {
      history.back();
    });
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('prompt').waitFor();
  });

  it('screenshots: create and profile at 375×812 and in the light theme', async () => {
    const mobile = await openLoggedIn('/create', { mobile: true, theme: 'dark' });
    await fillGame(mobile.page);
    await mobile.page.getByLabel('Item 1 alternative spellings, separated by commas').fill('Hermes');
    await expect.poll(() => mobile.page.getByTestId('create-submit').isDisabled()).toBe(false);
    await screenshots(mobile.page, 'create-375x812-dark');
    await mobile.page.evaluate(() => {
      sessionStorage.clear();
    });
    await mobile.page.goto(`/user/${PLAYER.username}`);
    await mobile.page.getByTestId('profile-game').first().waitFor();
    await screenshot(mobile.page, 'profile-375x812-dark');
    await context?.close();

    const light = await openLoggedIn('/create', { theme: 'light' });
    await fillGame(light.page);
    await light.page.getByLabel('Item 4 answer').fill('');
    await expect.poll(() => light.page.getByTestId('create-hint').textContent()).toBe('Please make sure the prompt and every item name field is filled before submitting');
    await expectNoSeriousA11y(light.page, 'create page (light)');
    await screenshots(light.page, 'create-1280x800-light');
    await light.page.evaluate(() => {
      sessionStorage.clear();
    });
    await light.page.goto(`/user/${PLAYER.username}`);
    await light.page.getByTestId('profile-game').first().waitFor();
    await expectNoSeriousA11y(light.page, 'profile (light)');
    await screenshot(light.page, 'profile-1280x800-light');
    await context?.close();

    const lightMobile = await openLoggedIn(`/user/${PLAYER.username}`, { mobile: true, theme: 'light' });
    await lightMobile.page.getByTestId('profile-game').first().waitFor();
    await screenshot(lightMobile.page, 'profile-375x812-light');
  });

  it('autofill adds spellings, then charges back up for 30 s', async () => {
    const { page } = await openLoggedIn('/create');
    await fillGame(page);
    // A name the rules give a sure spelling of (planets' names get none: a capitalised name is
    // never made singular, so "Venus" no longer gets "Venu").
    await page.getByLabel('Item 10 answer').fill('Fort Worth');
    const autofill = page.getByRole('button', { name: 'Autofill' });
    await autofill.click();
    // Whichever autofill toast comes, it must be the success one (with the server's error otherwise).
    const toast = page.locator('.toast').filter({ hasText: 'Autofill' }).first();
    await toast.waitFor();
    expect(await toast.locator('p.font-semibold').textContent(), (await toast.textContent()) ?? '').toBe('Autofill successful!');
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).not.toBe('');
    const charging = page.getByRole('button', { name: 'Charging back up...' });
    await charging.waitFor();
    expect(await charging.isDisabled()).toBe(true);
    await screenshot(page, 'create-autofill-1280x800-dark');
  });
});

describe('profile', () => {
  it('a visitor sees only public games, titled with the name', async () => {
    const { page } = await open(`/user/${PLAYER.username.toLowerCase()}`);
    await page.getByTestId('profile-count').waitFor();
    await page.getByRole('heading', { level: 1, name: `${PLAYER.username.toLowerCase()}'s Community Games`, exact: true }).waitFor();
    expect(await page.getByTestId('profile-game').count()).toBe(0); // the player's games are all private
    expect(await page.getByText('No public games yet.').count()).toBe(1);
    await expectNoSeriousA11y(page, 'profile (visitor)');
  });

  it('the owner deletes a game after confirming', async () => {
    const prompt = 'e2e game to delete';
    await uploadViaApi(prompt);
    // Case-insensitive: the owner's page under another spelling of the name is still theirs.
    const { page } = await openLoggedIn(`/user/${PLAYER.username.toUpperCase()}`);
    await page.getByRole('heading', { level: 1, name: 'Your Community Games', exact: true }).waitFor();
    const card = page.getByTestId('profile-game').filter({ hasText: 'E2e game to delete' });
    await card.waitFor();
    await card.getByRole('button', { name: `Delete game: ${prompt}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this game?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await card.count()).toBe(1);

    await card.getByRole('button', { name: `Delete game: ${prompt}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toastNamed(page, 'Game deleted.');
    await card.waitFor({ state: 'detached' });
    expect(await page.getByTestId('profile-game').filter({ hasText: 'Rocky bodies' }).count()).toBe(1);
    expect(await toastTitles(page)).not.toContain('An error occurred.');
  });
});

describe('account page', () => {
  it('changes the password, downloads the data and deletes the account, by keyboard where it matters', async () => {
    const account = await registerAccount(server, 'Leaving_e2e');
    const opened = await openLoggedInAs(browser, server, account, '/');
    context = opened.context;
    const page = opened.page;
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL(`${server.url}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await expectNoSeriousA11y(page, 'account page');

    // The Show button follows its field in tab order; Space presses it.
    const current = page.getByLabel('Current password');
    await current.fill(account.password);
    await current.focus();
    await page.keyboard.press('Tab');
    const show = page.getByRole('button', { name: 'Show current password' });
    expect(await show.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await current.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Hide current password' }).getAttribute('aria-pressed')).toBe('true');

    const changed = `${account.password}-2`;
    await page.getByLabel('New password', { exact: true }).fill(changed);
    await page.getByLabel('Confirm new password').fill(changed);
    await page.getByLabel('Confirm new password').press('Enter');
    expect(await toastNamed(page, 'Password changed')).toBe('Every other device was logged out.');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    expect((await download).suggestedFilename()).toBe('lavalist-data.json');

    const trigger = page.getByRole('button', { name: 'Delete my account…' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectNoSeriousA11y(page, 'delete dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Delete my account…');
    await trigger.click();
    await dialog.getByLabel('Password', { exact: true }).fill(changed);
    await dialog.getByLabel('Password', { exact: true }).press('Enter');
    await toastNamed(page, 'Account deleted');
    await page.waitForURL(`${server.url}/`);
    const refused = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: changed }),
    });
    expect(refused.status).toBe(401);
  });
});
