/**
 * E2E harness: the real `lavalist` binary on a fresh SQLite database (fixture imported, then
 * `seed`), serving the built front end, and Debian's Chromium driven by playwright-core.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { catalogue, ITEMS, newYorkDate } from './fixture.ts';

const FRONTEND = resolve(import.meta.dirname, '..');
const REPO = resolve(FRONTEND, '..');
export const ARTIFACTS = join(REPO, 'artifacts');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function binary(): string {
  const fromEnv = process.env.LAVALIST_BIN ? resolve(process.env.LAVALIST_BIN) : undefined;
  const candidates = [fromEnv, join(REPO, 'target/debug/lavalist'), join(REPO, 'target/release/lavalist')];
  const found = candidates.find((c): c is string => Boolean(c && existsSync(c)));
  if (!found) throw new Error('no lavalist binary: run `cargo build -p lavalist` (or set LAVALIST_BIN)');
  return found;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') ok(address.port);
        else fail(new Error('no port'));
      });
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`lavalist exited with ${String(child.exitCode)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('lavalist did not become healthy in 20 s');
}

export interface Server {
  url: string;
  today: string;
  /** The server's data dir: `outbox/` holds every e-mail it sent, as `.eml` files. */
  dataDir: string;
  /** Runs a `lavalist` command (e.g. `['admin', 'grant', email]`) against this server's database. */
  cli: (args: string[]) => string;
  stop: () => void;
}

/** The build the E2E tests run against. */
export const DIST = process.env.LAVALIST_E2E_DIST ? resolve(process.env.LAVALIST_E2E_DIST) : join(FRONTEND, 'dist');

/**
 * @param dist the front end to serve (a copy of the build, for a test that replaces it)
 * @param settings more of the server's environment (its settings), e.g. `LAVALIST_STATS_MIN_PLAYERS`
 */
export async function startServer(dist = DIST, settings: Record<string, string> = {}): Promise<Server> {
  // LAVALIST_E2E_DIST lets a second build (e.g. `vite build --outDir dist-x`) be tested alongside.
  if (!existsSync(join(dist, 'index.html'))) throw new Error('frontend/dist is missing: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'lavalist-e2e-'));
  // The data dir (token secret, mail outbox) goes in the temp folder too, not the work tree.
  const env = { ...process.env, DATABASE_URL: join(dir, 'e2e.db'), LAVALIST_DATA_DIR: join(dir, 'data'), RUST_LOG: 'warn', ...settings };
  const today = newYorkDate();
  writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(catalogue(today)));
  const bin = binary();
  execFileSync(bin, ['games', 'import', join(dir, 'catalogue.json')], { env, stdio: 'pipe' });
  execFileSync(bin, ['seed'], { env, stdio: 'pipe' });
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const child = spawn(bin, ['serve', '--bind', `127.0.0.1:${String(port)}`, '--static-dir', dist], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForHealth(url, child);
  return {
    url,
    today,
    dataDir: env.LAVALIST_DATA_DIR,
    cli: (args) => execFileSync(bin, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A file's server, browser and the context of the test running now (see `e2eSuite`). */
export interface Suite {
  server: Server;
  browser: Browser;
  context: BrowserContext | undefined;
}

/**
 * One real server and one Chromium for a file's tests; the context a test puts in
 * `suite.context` is closed after it, and the test fails on any CSP violation seen in it.
 */
export function e2eSuite(): Suite {
  const suite = { context: undefined } as Suite;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [suite.server, suite.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser.close();
    suite.server.stop();
  });
  afterEach(async () => {
    const violations = suite.context ? cspViolations(suite.context) : [];
    await suite.context?.close();
    suite.context = undefined;
    expect(violations).toEqual([]);
  });
  return suite;
}

export function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export interface ContextOptions {
  mobile?: boolean;
  /** Leave the how-to-play modal to open on its own (first visit). */
  firstVisit?: boolean;
  /** The browser's language (navigator.languages and Accept-Language), e.g. `ar`. */
  locale?: string;
}

export async function newContext(browser: Browser, server: Server, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: options.mobile ? { width: 375, height: 812 } : { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    ...(options.locale ? { locale: options.locale } : {}),
  });
  // Fail a step with its locator well before the test's own timeout.
  context.setDefaultTimeout(8000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  if (!options.firstVisit) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('howToPlayModalShown')) localStorage.setItem('howToPlayModalShown', 'true');
    });
  }
  await collectCspViolations(context);
  return context;
}

const cspViolationsByContext = new WeakMap<BrowserContext, string[]>();
/** Every violation not yet checked by `e2e/setup.ts` (which fails the test that caused it). */
const uncheckedCspViolations: string[] = [];

/**
 * Records every Content-Security-Policy violation in any page of the context: the page's
 * `securitypolicyviolation` events (also kept in `window.__cspViolations`) and console
 * messages about the policy. Reported through a binding, so they survive navigations.
 */
async function collectCspViolations(context: BrowserContext): Promise<void> {
  const found: string[] = [];
  cspViolationsByContext.set(context, found);
  const record = (text: string) => {
    found.push(text);
    uncheckedCspViolations.push(text);
  };
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    record(text);
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[]; __reportCspViolation?: (text: string) => Promise<void> };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      const text = `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${String(e.lineNumber)}`;
      w.__cspViolations.push(text);
      void w.__reportCspViolation?.(text);
    });
  });
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) record(`console: ${message.text()}`);
    });
  });
}

/** The CSP violations seen so far in any page of a context made by `newContext`. */
export function cspViolations(context: BrowserContext): string[] {
  return [...(cspViolationsByContext.get(context) ?? [])];
}

/** The violations seen in any context since the last call (and forgets them). */
export function takeCspViolations(): string[] {
  return uncheckedCspViolations.splice(0);
}

/** Types a guess and presses Enter, then waits until the game took it (the input clears). */
export async function guess(page: Page, text: string): Promise<void> {
  const input = page.locator('#guess');
  await input.fill(text);
  await input.press('Enter');
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#guess')?.value ?? '') === '');
}

export async function counts(page: Page): Promise<{ correct: string; wrong: string; score: string }> {
  const text = async (id: string) => (await page.getByTestId(`count-${id}`).textContent()) ?? '';
  return { correct: await text('correct'), wrong: await text('wrong'), score: await text('score') };
}

const AXE_SOURCE = readFileSync(join(FRONTEND, 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added as an inline <script>, which the page's CSP rightly refuses.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** A stats read for one userKey: `playedStreak` becomes 1 once its result is stored. */
export async function storedStreak(server: Server, userKey: string, date = server.today): Promise<number> {
  const response = await fetch(`${server.url}/api/game/stats?date=${date}`, { headers: { 'X-User-Key': userKey } });
  const body = (await response.json()) as { playedStreak: number };
  return body.playedStreak;
}

export async function communityPlayers(server: Server, uid: string): Promise<number> {
  const response = await fetch(`${server.url}/api/game/community-stats/${uid}`);
  return ((await response.json()) as { playerCount: number }).playerCount;
}

/** A `.eml` body, decoded from quoted-printable or base64 (lettre picks by content). */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Fails with every serious or critical axe-core violation on the page, named by `where`. */
export async function expectNoSeriousA11y(page: Page, where: string): Promise<void> {
  const violations = await axeSerious(page);
  expect(violations.map((v) => `${where}: ${v.id} (${v.impact ?? ''}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The guess result line under the guess box: the newest result's title (and description). */
export const resultLine = async (page: Page) => (await page.getByTestId('guess-feedback').textContent()) ?? '';

/** The titles of the toasts on screen. */
export const toastTitles = (page: Page) => page.locator('.toast p.font-semibold').allTextContents();

/** The newest e-mail to `email` in the server's outbox (sent after `after`, ms), decoded; waits up to 8 s for it. */
export async function newestMail(server: Server, email: string, after = 0): Promise<string> {
  const outbox = join(server.dataDir, 'outbox');
  const deadline = Date.now() + 8000;
  for (;;) {
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => ({ path: join(outbox, f), at: statSync(join(outbox, f)).mtimeMs }))
          .filter((m) => m.at > after)
          .sort((a, b) => b.at - a.at)
          .map((m) => readFileSync(m.path, 'utf8'))
          .filter((raw) => raw.toLowerCase().includes(`to: ${email.toLowerCase()}`))
      : [];
    const newest = mails[0];
    if (newest) return mailText(newest);
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} in the outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code in a sign-up e-mail. */
export function codeIn(mail: string): string {
  const code = /\b(\d{6})\b/.exec(mail)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${mail}`);
  return code;
}

/** An account made through the real sign-up API (its code read from the outbox). */
export interface Account {
  email: string;
  password: string;
  token: string;
}

/** A JSON call to the server's API (as `token`'s account when given); a refusal throws. */
export async function apiJson<T>(server: Server, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${data.error ?? ''}`);
  return data;
}

const postJson = <T>(server: Server, path: string, body: unknown): Promise<T> => apiJson<T>(server, 'POST', path, body);

export async function registerAccount(server: Server, username: string): Promise<Account> {
  const email = `${username.toLowerCase()}@example.com`;
  const password = `Lava-${username}-e2e-2026`;
  const { signupToken } = await postJson<{ signupToken: string }>(server, '/api/auth/request-code', { username, email, password, adult: true });
  const code = codeIn(await newestMail(server, email));
  const { token } = await postJson<{ token: string }>(server, '/api/auth/verify-code', { email, code, signupToken });
  return { email, password, token };
}

/** Plays today's game to the end: the first `found` items, then gives up if any are left; returns once the result is stored (the stats show). */
export async function playToday(page: Page, found: number): Promise<void> {
  await page.goto('/');
  await page.getByTestId('prompt').waitFor();
  for (const name of ITEMS.slice(0, found)) await guess(page, name);
  if (found < ITEMS.length) {
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('button', { name: 'You sure?' }).click();
  }
  // The stats are read once the result is stored.
  await page.getByRole('dialog').getByTestId('stats').waitFor();
}

/** A new context logged in as `account` through the login modal, its page at `path`. */
export async function openLoggedIn(browser: Browser, server: Server, account: Account, path: string, options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server, options);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto('/explore/archive');
  await logIn(page, account);
  await page.goto(path);
  return { context, page };
}

/** Logs `account` in through the login modal of the page on screen. */
export async function logIn(page: Page, account: Account): Promise<void> {
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Login / Sign Up' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Login successful').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * One server (with `settings` in its environment) and one browser for a test file; each test's
 * `open` makes a fresh context (its own storage, so its own userKey) whose pages fail the test
 * on a script error, and whose CSP violations fail it when it ends.
 */
export function fileSuite(settings: Record<string, string> = {}) {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(DIST, settings), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });
  afterEach(async () => {
    const violations = context ? cspViolations(context) : [];
    await context?.close();
    context = undefined;
    expect(violations).toEqual([]);
  });
  const started = () => {
    if (!server || !browser) throw new Error('the suite has not started');
    return { server, browser };
  };
  return {
    server: () => started().server,
    /** A page at `path` in a fresh context. */
    async open(path: string, options: ContextOptions = {}): Promise<Page> {
      const { server: s, browser: b } = started();
      context = await newContext(b, s, options);
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        throw error;
      });
      await page.goto(path);
      return page;
    },
  };
}
