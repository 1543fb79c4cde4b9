/**
 * Runs one shared test vector (`game-core/tests/vectors/*.json`) against the WASM play module
 * (and, for the autofill, streak, grace, bucket, won, standing and percentile kinds, the create page's
 * module `profanity-wasm`).
 *
 * This is the JavaScript twin of the native runner in `game-core/tests/vectors.rs`: both must
 * accept the same keys and check the same things, so that any difference between the native
 * and the WASM build of `game-core` fails one of them. A key the runner does not know fails the
 * vector; nothing is skipped silently. `runVector` throws a `VectorError` describing the first
 * mismatch and returns normally when the vector passes.
 */
import { rateArrays, type Correction } from '../core/game.ts';
import { correctionText } from '../core/correction.ts';
import { activeLocale } from '../lib/i18n.ts';
import type { Core, ScriptsCore } from '../core/wasmModule.ts';
import type * as CreatePageModule from '../wasm/profanity/profanity_wasm.js';

/**
 * The create page's WASM module: the autofill rules live there, not in the play module, and so
 * do the streak and grace rules, which no page uses but the vectors check.
 */
export type CreatePage = typeof CreatePageModule;

type Obj = Record<string, unknown>;
type GameHandle = InstanceType<Core['Game']>;

export class VectorError extends Error {
  override name = 'VectorError';
}

function fail(message: string): never {
  throw new VectorError(message);
}

/** The top-level keys each kind of vector may have. */
const KIND_KEYS = {
  game: ['name', 'game', 'archive', 'shareUrl', 'foundRates', 'shareWords', 'steps', 'expect'],
  replay: ['name', 'game', 'archive', 'shareUrl', 'foundRates', 'shareWords', 'replay', 'expect'],
  regrade: ['name', 'game', 'regrade', 'expect'],
  archive: ['name', 'now', 'archiveDate', 'admin', 'expect'],
  calendar: ['name', 'now', 'expect'],
  split: ['name', 'splitSpellings', 'expect'],
  normalise: ['name', 'normalise', 'expect'],
  validateGame: ['name', 'validateGame', 'expect'],
  alternativeSpellings: ['name', 'alternativeSpellings', 'expect'],
  autofill: ['name', 'autofill', 'expect'],
  streak: ['name', 'streak', 'expect'],
  acceptsDaily: ['name', 'acceptsDaily', 'expect'],
  scoreBucket: ['name', 'scoreBucket', 'expect'],
  won: ['name', 'won', 'expect'],
  standing: ['name', 'standing', 'expect'],
  percentile: ['name', 'percentile', 'expect'],
  mergeAutofill: ['name', 'mergeAutofill', 'expect'],
  autofillAdditions: ['name', 'autofillAdditions', 'expect'],
  rules: ['name', 'rules', 'expect'],
  profanityCorpus: ['name', 'profanityCorpus', 'expect'],
} as const;

export type VectorKind = keyof typeof KIND_KEYS;

const STEP_KEYS = ['guess', 'hint', 'giveUp', 'expect'];
const STEP_ACTIONS = ['guess', 'hint', 'giveUp'] as const;
const STEP_EXPECT_KEYS = ['outcome', 'itemId', 'correction', 'description', 'value', 'words', 'error', 'message'];
/** `shareWords`' keys, in the order the core reads its lines (game-core `ShareWords::from_lines`). */
const SHARE_WORD_KEYS = ['day', 'community', 'score', 'survived', 'rarest'];
/** Final `expect` keys read from `game.view()`. */
const VIEW_KEYS = [
  'correct',
  'wrong',
  'wrongGuesses',
  'hintsUsed',
  'score',
  'gameOver',
  'won',
  'display',
  'hintEnabled',
  'firstLetterAvailable',
  'lengthAvailable',
];
const CALENDAR_KEYS = ['today', 'dayNumber', 'secondsToNextGame'];
const REPLAY_ERROR_KEYS = ['index', 'error'];
const SPELLINGS_INPUT_KEYS = ['name', 'existing'];
const FORM_KEYS = ['prompt', 'items'];
const FORM_ITEM_KEYS = ['name', 'altSpellings', 'rejectedSpellings'];
const STREAK_INPUT_KEYS = ['start', 'plays', 'today'];
const STREAK_KEYS = ['lastPlayed', 'played', 'won'];
const PLAY_KEYS = ['day', 'won'];
const ACCEPTS_DAILY_KEYS = ['date', 'now'];
const STANDING_KEYS = ['histogram', 'players', 'score', 'counted'];
const MERGE_KEYS = ['form', 'answer'];
const U32_MAX = 2 ** 32 - 1;
const I32_MIN = -(2 ** 31);
const I32_MAX = 2 ** 31 - 1;

/**
 * `GameError::message()` for each code. The WASM `Game.replay` throws the Rust `ReplayError`'s
 * Display text (`action {index} was refused: {message}`), so the code is checked through it.
 */
const GAME_ERROR_MESSAGES: Record<string, string> = {
  emptyGuess: 'Please enter a guess.',
  gameOver: 'The game is over.',
  noHintsLeft: 'No hints left.',
  noMoreHintsOfType: 'No more hints available for this type.',
  guessTooLong: 'That guess is too long.',
  logTooLong: 'The game has too many actions.',
};

/** chrono's `DateTime::parse_from_rfc3339`, which the native runner uses for `now`. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(obj: Obj, key: string): boolean {
  return Object.hasOwn(obj, key);
}

function show(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** JSON equality: same primitives, arrays element by element, objects with the same keys. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => has(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

function same(what: string, actual: unknown, expected: unknown): void {
  if (!jsonEqual(actual, expected)) fail(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

function allowKeys(obj: Obj, allowed: readonly string[], where?: string): void {
  const unknown = Object.keys(obj).find((k) => !allowed.includes(k));
  if (unknown !== undefined) fail(`unknown key ${unknown}${where ? ` in ${where}` : ''}`);
}

function field(obj: Obj, key: string): unknown {
  if (!has(obj, key)) fail(`missing key ${key}`);
  return obj[key];
}

function strField(obj: Obj, key: string): string {
  const value = field(obj, key);
  if (typeof value !== 'string') fail(`${key} must be a string`);
  return value;
}

function objField(obj: Obj, key: string): Obj {
  const value = field(obj, key);
  if (!isObject(value)) fail(`${key} must be an object`);
  return value;
}

/** An optional boolean flag (`archive`, `admin`); absent means false. */
function flag(obj: Obj, key: string): boolean {
  if (!has(obj, key)) return false;
  const value = obj[key];
  if (typeof value !== 'boolean') fail(`${key} must be a boolean`);
  return value;
}

/** `shareUrl`: absent means the full URL is off. */
function shareUrl(obj: Obj): string | undefined {
  if (!has(obj, 'shareUrl')) return undefined;
  const value = obj.shareUrl;
  if (typeof value !== 'string') fail('shareUrl must be a string');
  return value;
}

/** `foundRates`: the stats' find rates (item id → fraction); absent means unknown (null). */
function foundRates(obj: Obj): Record<string, number> | null {
  if (!has(obj, 'foundRates')) return null;
  const value = obj.foundRates;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('foundRates must be an object');
  return value as Record<string, number>;
}

/** `shareWords`: another language's share templates, one a line as the core takes them; absent means English. */
function shareWords(obj: Obj): string | undefined {
  if (!has(obj, 'shareWords')) return undefined;
  const words = objField(obj, 'shareWords');
  allowKeys(words, SHARE_WORD_KEYS);
  return SHARE_WORD_KEYS.map((key) => {
    const value = words[key];
    if (typeof value !== 'string') fail(`shareWords needs a string ${key}`);
    return value;
  }).join('\n');
}

/**
 * A step's `description`: the spec's English wording of the result's `correction`, as the English
 * catalogue words it (the native runner words it with the spec's templates).
 */
function englishDescription(result: unknown): string | null {
  if (activeLocale() !== 'en') fail(`the vectors need the English catalogue, not ${activeLocale()}`);
  const correction = resultField(result, 'correction');
  return correction === null ? null : correctionText(correction as Correction);
}

/** A field of a WASM result; a missing field (or a `null` result) reads as `null`. */
function resultField(result: unknown, key: string): unknown {
  return isObject(result) && has(result, key) ? (result[key] ?? null) : null;
}

/** Which kind of vector this is, from its keys (the order matters: see the native runner). */
export function vectorKind(vector: Obj): VectorKind {
  if (has(vector, 'game') && has(vector, 'steps')) return 'game';
  if (has(vector, 'game') && has(vector, 'replay')) return 'replay';
  if (has(vector, 'game') && has(vector, 'regrade')) return 'regrade';
  if (has(vector, 'now') && has(vector, 'archiveDate')) return 'archive';
  if (has(vector, 'now')) return 'calendar';
  if (has(vector, 'splitSpellings')) return 'split';
  if (has(vector, 'normalise')) return 'normalise';
  if (has(vector, 'validateGame')) return 'validateGame';
  if (has(vector, 'alternativeSpellings')) return 'alternativeSpellings';
  if (has(vector, 'autofill')) return 'autofill';
  if (has(vector, 'streak')) return 'streak';
  if (has(vector, 'acceptsDaily')) return 'acceptsDaily';
  if (has(vector, 'scoreBucket')) return 'scoreBucket';
  if (has(vector, 'won')) return 'won';
  if (has(vector, 'percentile')) return 'percentile';
  if (has(vector, 'standing')) return 'standing';
  if (has(vector, 'autofillAdditions')) return 'autofillAdditions';
  if (has(vector, 'mergeAutofill')) return 'mergeAutofill';
  if (has(vector, 'profanityCorpus')) return 'profanityCorpus';
  if (has(vector, 'rules')) return 'rules';
  return fail("no known kind matches this vector's keys");
}

/** The kinds only the play module of every script runs: the form rules, which the Latin module leaves out. */
export const FORM_KINDS: readonly VectorKind[] = ['split', 'validateGame'];

/** `core` when it has the form rules (the module of every script); a failure otherwise. */
function formRules(core: Core | ScriptsCore): ScriptsCore {
  return 'validateGame' in core ? core : fail('the form rules are in the play module of every script, not the Latin one');
}

/**
 * Checks one vector; throws a `VectorError` on the first mismatch. The autofill, streak and
 * grace kinds need the create page's module in `createPage`, the form kinds (`FORM_KINDS`) the
 * play module of every script as `core`; without them they fail rather than pass unchecked.
 */
export function runVector(core: Core | ScriptsCore, vector: unknown, createPage?: CreatePage): void {
  if (!isObject(vector)) fail('a vector must be an object');
  const kind = vectorKind(vector);
  allowKeys(vector, KIND_KEYS[kind]);
  switch (kind) {
    case 'game':
      runGame(core, vector);
      return;
    case 'replay':
      runReplay(core, vector);
      return;
    case 'regrade':
      runRegrade(core, vector);
      return;
    case 'archive':
      runArchive(core, vector);
      return;
    case 'calendar':
      runCalendar(core, vector);
      return;
    case 'split': {
      const text = strField(vector, 'splitSpellings');
      same('split', formRules(core).splitSpellings(text), field(vector, 'expect'));
      return;
    }
    case 'normalise': {
      const text = strField(vector, 'normalise');
      same('normalise', core.normalise(text), field(vector, 'expect'));
      return;
    }
    case 'validateGame':
      runValidate(formRules(core), vector);
      return;
    case 'alternativeSpellings':
      runAlternativeSpellings(needCreatePage(createPage), vector);
      return;
    case 'autofill':
      runAutofill(needCreatePage(createPage), vector);
      return;
    case 'streak':
      runStreak(needCreatePage(createPage), vector);
      return;
    case 'acceptsDaily':
      runAcceptsDaily(needCreatePage(createPage), vector);
      return;
    case 'scoreBucket': {
      const score = wholeNumber(field(vector, 'scoreBucket'), 'scoreBucket', U32_MAX);
      same('score bucket', needCreatePage(createPage).scoreBucket(score), field(vector, 'expect'));
      return;
    }
    case 'won':
      runWon(needCreatePage(createPage), vector);
      return;
    case 'standing':
      runStanding(needCreatePage(createPage), vector);
      return;
    case 'percentile':
      runPercentile(needCreatePage(createPage), vector);
      return;
    case 'mergeAutofill':
      runMergeAutofill(needCreatePage(createPage), vector);
      return;
    case 'autofillAdditions': {
      const input = objField(vector, 'autofillAdditions');
      allowKeys(input, MERGE_KEYS, 'autofillAdditions');
      const [form, answer] = [strictForm(input, 'form'), strictForm(input, 'answer')];
      same('autofill additions', call(() => needCreatePage(createPage).autofillAdditions(form, answer)), field(vector, 'expect'));
      return;
    }
    case 'profanityCorpus':
      runProfanityCorpus(needCreatePage(createPage), vector);
      return;
    case 'rules':
      if (vector.rules !== true) fail('rules must be true');
      same('rules', core.rules(), field(vector, 'expect'));
      return;
  }
}

function needCreatePage(createPage: CreatePage | undefined): CreatePage {
  return createPage ?? fail('autofill, streak, grace, bucket, won, standing, percentile and profanity corpus vectors run through the create page module: pass it to runVector');
}

function withGame<T>(game: GameHandle, body: (game: GameHandle) => T): T {
  try {
    return body(game);
  } finally {
    game.free();
  }
}

function runGame(core: Core, vector: Obj): void {
  const def = field(vector, 'game');
  const steps = field(vector, 'steps');
  if (!Array.isArray(steps)) fail('steps must be a list');
  withGame(new core.Game(def), (game) => {
    steps.forEach((step: unknown, i) => {
      try {
        runStep(game, step);
      } catch (error) {
        fail(`step ${i}: ${errorMessage(error)}`);
      }
    });
    checkFinal(game, vector, field(vector, 'expect'));
    // The action log must rebuild exactly the same game.
    const view: unknown = game.view();
    const actions = isObject(view) ? view.actions : undefined;
    let replayed: GameHandle;
    try {
      replayed = core.Game.replay(def, actions);
    } catch (error) {
      fail(`replay of the log: ${errorMessage(error)}`);
    }
    withGame(replayed, (again) => {
      same('replayed view', again.view(), view);
    });
  });
}

function runStep(game: GameHandle, step: unknown): void {
  if (!isObject(step)) fail('a step must be an object');
  allowKeys(step, STEP_KEYS);
  const actions = STEP_ACTIONS.filter((k) => has(step, k));
  if (actions.length !== 1) fail('a step needs exactly one of guess, hint, giveUp');
  let result: unknown;
  switch (actions[0]) {
    case 'guess': {
      const text = step.guess;
      if (typeof text !== 'string') fail('guess must be a string');
      result = game.guess(text);
      break;
    }
    case 'hint': {
      const kind = step.hint;
      if (kind !== 'firstLetter' && kind !== 'length') fail(`bad hint kind: ${show(kind)}`);
      result = game.hint(kind);
      break;
    }
    default:
      if (step.giveUp !== true) fail('giveUp must be true');
      result = game.giveUp();
  }
  // Like the native runner: a step without `expect` checks nothing about its result.
  if (has(step, 'expect')) checkStep(result, step.expect);
}

function checkStep(result: unknown, expect: unknown): void {
  if (!isObject(expect)) fail('step expect must be an object');
  allowKeys(expect, STEP_EXPECT_KEYS);
  const isError = isObject(result) && has(result, 'error');
  if (has(expect, 'error') && !isError) fail(`expected an error, got ${show(result)}`);
  if (!has(expect, 'error') && isError) fail(`unexpected error ${show(resultField(result, 'error'))}`);
  for (const [key, want] of Object.entries(expect)) {
    same(key, key === 'description' ? englishDescription(result) : resultField(result, key), want);
  }
}

function checkFinal(game: GameHandle, vector: Obj, expect: unknown): void {
  if (!isObject(expect)) fail('expect must be an object');
  const view: unknown = game.view();
  if (!isObject(view)) fail(`view() returned ${show(view)}`);
  for (const [key, want] of Object.entries(expect)) {
    let actual: unknown;
    if (VIEW_KEYS.includes(key)) {
      actual = view[key];
    } else if (key === 'meter') {
      actual = game.meter(flag(vector, 'archive'));
    } else if (key === 'disputable') {
      const wrong = (view.wrongGuesses ?? []) as string[];
      actual = Array.from(game.disputable(), (i) => wrong[i]);
    } else if (key === 'share') {
      actual = game.share(shareUrl(vector), ...rateArrays(foundRates(vector)), shareWords(vector));
    } else {
      fail(`unknown key ${key} in expect`);
    }
    same(key, actual, want);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function runReplay(core: Core, vector: Obj): void {
  const def = field(vector, 'game');
  const log = field(vector, 'replay');
  if (!Array.isArray(log)) fail('invalid replay log: must be a list');
  const expect = { ...objField(vector, 'expect') };
  if (!has(expect, 'replayError')) {
    let game: GameHandle;
    try {
      game = core.Game.replay(def, log);
    } catch (error) {
      fail(`unexpected replay error: ${errorMessage(error)}`);
    }
    withGame(game, (g) => {
      checkFinal(g, vector, expect);
    });
    return;
  }

  checkRefusedLog('replay', expect, () => {
    core.Game.replay(def, log).free();
  });
}

/**
 * A refused log: `{what}Error` is `{index, error}` (the Rust `ReplayError` as JSON), and nothing
 * else may be expected of a game that does not exist. `build` must throw that error.
 */
function checkRefusedLog(what: 'replay' | 'regrade', expect: Obj, build: () => void): void {
  const key = `${what}Error`;
  const want = expect[key];
  const extra = Object.keys(expect).find((k) => k !== key);
  if (extra !== undefined) {
    fail(`${extra} in expect: a vector with ${key} can expect nothing else`);
  }
  if (!isObject(want)) fail(`${key} must be an object {index, error}`);
  allowKeys(want, REPLAY_ERROR_KEYS, key);
  const index = field(want, 'index');
  const code = field(want, 'error');
  if (typeof index !== 'number' || !Number.isInteger(index)) fail(`${key}.index must be an integer`);
  if (typeof code !== 'string') fail(`${key}.error must be a string`);
  const message = GAME_ERROR_MESSAGES[code];
  if (message === undefined) fail(`${key}.error: unknown error code ${code}`);

  let thrown: unknown;
  try {
    build();
  } catch (error) {
    thrown = error ?? 'an empty error';
  }
  if (thrown === undefined) fail(`expected ${what} error ${show(want)}, the log was accepted`);
  const expected = `action ${index} was refused: ${message}`;
  const actual = errorMessage(thrown);
  if (!actual.includes(expected)) fail(`${key}: expected "${expected}", got "${actual}"`);
}

/**
 * A stored log regraded against the updated game: the final state as `replay` vectors check it,
 * plus `dropped` (the log positions left out); or `regradeError` for a log still invalid.
 */
function runRegrade(core: Core, vector: Obj): void {
  const def = field(vector, 'game');
  const log = field(vector, 'regrade');
  if (!Array.isArray(log)) fail('invalid regrade log: must be a list');
  const expect = { ...objField(vector, 'expect') };
  if (has(expect, 'regradeError')) {
    checkRefusedLog('regrade', expect, () => {
      core.Game.regrade(def, log).free();
    });
    return;
  }
  if (!has(expect, 'dropped')) fail('missing key dropped in expect');
  const dropped = expect.dropped;
  delete expect.dropped;
  let game: GameHandle;
  try {
    game = core.Game.regrade(def, log);
  } catch (error) {
    fail(`unexpected regrade error: ${errorMessage(error)}`);
  }
  withGame(game, (g) => {
    same('dropped', g.dropped(), dropped);
    checkFinal(g, vector, expect);
  });
}

/** `now` as epoch milliseconds, accepting what the native runner's RFC 3339 parser accepts. */
function nowMs(vector: Obj): number {
  const text = strField(vector, 'now');
  // Date.parse wants the ISO spelling: an upper-case T and Z.
  const ms = RFC3339.test(text) ? Date.parse(`${text.slice(0, 10)}T${text.slice(11)}`.toUpperCase()) : NaN;
  if (Number.isNaN(ms)) fail(`bad now: ${text}`);
  return ms;
}

function runCalendar(core: Core, vector: Obj): void {
  const now = nowMs(vector);
  const expect = objField(vector, 'expect');
  allowKeys(expect, CALENDAR_KEYS);
  const today = core.todayNewYork(now);
  const actual: Obj = {
    today,
    dayNumber: core.dayNumber(today) ?? fail('today does not parse'),
    secondsToNextGame: core.secondsToNextGame(now),
  };
  for (const [key, want] of Object.entries(expect)) {
    same(key, actual[key], want);
  }
}

function runArchive(core: Core, vector: Obj): void {
  const date = strField(vector, 'archiveDate');
  const now = nowMs(vector);
  same('archive check', core.checkArchiveDate(date, now, flag(vector, 'admin')), field(vector, 'expect'));
}

function runValidate(core: ScriptsCore, vector: Obj): void {
  const errors: unknown = core.validateGame(field(vector, 'validateGame'));
  if (!Array.isArray(errors)) fail(`validateGame returned ${show(errors)}`);
  const pairs = errors.map((e: unknown) => ({ field: resultField(e, 'field'), code: resultField(e, 'code') }));
  same('field errors', pairs, field(vector, 'expect'));
}

function runAlternativeSpellings(createPage: CreatePage, vector: Obj): void {
  const input = objField(vector, 'alternativeSpellings');
  allowKeys(input, SPELLINGS_INPUT_KEYS, 'alternativeSpellings');
  const existing = field(input, 'existing');
  if (!Array.isArray(existing) || !existing.every((s) => typeof s === 'string')) {
    fail('existing must be a list of strings');
  }
  const spellings = createPage.alternativeSpellings(strField(input, 'name'), existing);
  same('alternative spellings', spellings, field(vector, 'expect'));
}

/** A form read strictly: serde would ignore unknown keys, and a typo must fail the vector. */
function strictForm(obj: Obj, key: string): Obj {
  const form = objField(obj, key);
  allowKeys(form, FORM_KEYS, key);
  const items = field(form, 'items');
  if (!Array.isArray(items)) fail('items must be a list');
  for (const item of items) {
    if (!isObject(item)) fail('an item must be an object');
    allowKeys(item, FORM_ITEM_KEYS, `an ${key} item`);
  }
  return form;
}

function runAutofill(createPage: CreatePage, vector: Obj): void {
  same('autofilled form', createPage.autofillGame(strictForm(vector, 'autofill')), field(vector, 'expect'));
}

/** Calls into WASM, reporting a thrown error (a bad date, say) as the vector's failure. */
function call(body: () => unknown): unknown {
  try {
    return body();
  } catch (error) {
    return fail(errorMessage(error));
  }
}

/** A whole number from `min` to `max`, as the native runner's integer reads demand. */
function wholeNumber(value: unknown, what: string, max: number, min = 0): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(`${what} must be a whole number from ${String(min)} to ${String(max)}`);
  }
  return value;
}

function boolField(obj: Obj, key: string): boolean {
  const value = field(obj, key);
  if (typeof value !== 'boolean') fail(`${key} must be a boolean`);
  return value;
}

function parseStreak(start: unknown): Obj {
  if (start === null) return { lastPlayed: null, played: 0, won: 0 };
  if (!isObject(start)) fail('start must be null or an object');
  allowKeys(start, STREAK_KEYS, 'start');
  const lastPlayed = field(start, 'lastPlayed');
  if (lastPlayed !== null && typeof lastPlayed !== 'string') fail('lastPlayed must be null or a date');
  const count = (key: string) => wholeNumber(field(start, key), key, I32_MAX, I32_MIN);
  return { lastPlayed, played: count('played'), won: count('won') };
}

function runStreak(createPage: CreatePage, vector: Obj): void {
  const input = objField(vector, 'streak');
  allowKeys(input, STREAK_INPUT_KEYS, 'streak');
  let streak: unknown = parseStreak(field(input, 'start'));
  const plays = field(input, 'plays');
  if (!Array.isArray(plays)) fail('plays must be a list');
  for (const play of plays) {
    if (!isObject(play)) fail('a play must be an object');
    allowKeys(play, PLAY_KEYS, 'a play');
    const day = strField(play, 'day');
    const won = boolField(play, 'won');
    const before = streak;
    streak = call(() => createPage.streakAfter(before, day, won));
  }
  const today = strField(input, 'today');
  const after = streak;
  const current = call(() => createPage.streakCurrent(after, today));
  const actual = {
    lastPlayed: resultField(streak, 'lastPlayed'),
    played: resultField(streak, 'played'),
    won: resultField(streak, 'won'),
    current: { played: resultField(current, 'played'), won: resultField(current, 'won') },
  };
  same('streak', actual, field(vector, 'expect'));
}

function runAcceptsDaily(createPage: CreatePage, vector: Obj): void {
  const input = objField(vector, 'acceptsDaily');
  allowKeys(input, ACCEPTS_DAILY_KEYS, 'acceptsDaily');
  const date = strField(input, 'date');
  const now = nowMs(input);
  same('accepts daily', call(() => createPage.acceptsDaily(date, now)), field(vector, 'expect'));
}

function runWon(createPage: CreatePage, vector: Obj): void {
  // The WASM glue reads anything but `true` as not found: the vector itself must be booleans.
  const found = field(vector, 'won');
  if (!Array.isArray(found) || !found.every((f) => typeof f === 'boolean')) fail('won must be a list of booleans');
  same('won', createPage.isWon(found), field(vector, 'expect'));
}

/** A standing-shaped input (`standing` and `percentile` vectors): histogram rows, players, score, counted. */
function rankingInput(vector: Obj, kind: 'standing' | 'percentile'): [unknown[], number, number, boolean] {
  const input = objField(vector, kind);
  allowKeys(input, STANDING_KEYS, kind);
  const histogram = field(input, 'histogram');
  const isRow = (row: unknown) =>
    Array.isArray(row) && row.length === 2 && row.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0);
  if (!Array.isArray(histogram) || !histogram.every(isRow)) fail('histogram must be a list of [bucket, players]');
  const players = wholeNumber(field(input, 'players'), 'players', Number.MAX_SAFE_INTEGER);
  const score = wholeNumber(field(input, 'score'), 'score', U32_MAX);
  return [histogram, players, score, boolField(input, 'counted')];
}

function runPercentile(createPage: CreatePage, vector: Obj): void {
  const [histogram, players, score, counted] = rankingInput(vector, 'percentile');
  same('percentile', call(() => createPage.percentile(histogram, players, score, counted)), field(vector, 'expect'));
}

function runStanding(createPage: CreatePage, vector: Obj): void {
  const [histogram, players, score, counted] = rankingInput(vector, 'standing');
  same('standing', call(() => createPage.standing(histogram, players, score, counted)), field(vector, 'expect'));
}

function runMergeAutofill(createPage: CreatePage, vector: Obj): void {
  const input = objField(vector, 'mergeAutofill');
  allowKeys(input, MERGE_KEYS, 'mergeAutofill');
  const form = strictForm(input, 'form');
  const answer = strictForm(input, 'answer');
  same('merged form', call(() => createPage.mergeAutofill(form, answer)), field(vector, 'expect'));
}

/** `maxRefusedPercent` / `minRefusedPercent`: a number from 0 to 100. */
function percent(obj: Obj, key: string): number {
  const value = field(obj, key);
  if (typeof value !== 'number' || !(value >= 0 && value <= 100)) fail(`${key} must be a number from 0 to 100`);
  return value;
}

/**
 * A list of texts and how many the profanity rule may refuse (`legitimate`: at most
 * `maxRefusedPercent`) or must refuse (`offensive`: at least `minRefusedPercent`); a failure
 * names the texts on the wrong side.
 */
const CORPUS_BOUNDS = ['maxFlaggedPercent', 'maxRefusedPercent', 'minFlaggedPercent', 'minRefusedPercent'] as const;

/**
 * "Flagged" counts every text the rule stops (flagged or abuse: refused unless the creator says
 * it is a real name), "refused" only abuse (refused outright); `expect` bounds either share.
 */
function runProfanityCorpus(createPage: CreatePage, vector: Obj): void {
  const corpus = objField(vector, 'profanityCorpus');
  allowKeys(corpus, ['kind', 'texts', 'prompt'], 'profanityCorpus');
  const texts = field(corpus, 'texts');
  if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) fail('texts must be a list of strings');
  // With a prompt, each text is an item of a game with that prompt (`tierIn`).
  const prompt = corpus.prompt;
  if (prompt !== undefined && typeof prompt !== 'string') fail('prompt must be a string');
  const kind = strField(corpus, 'kind');
  if (kind !== 'legitimate' && kind !== 'offensive') fail(`unknown corpus kind ${kind}`);
  const expect = objField(vector, 'expect');
  allowKeys(expect, CORPUS_BOUNDS, 'expect');
  if (Object.keys(expect).length === 0) fail('expect names no bound');
  if (texts.length === 0) fail('no texts');
  const tiers = texts.map((t) => (prompt === undefined ? createPage.tier(t) : createPage.tierIn(t, prompt)));
  const flagged = texts.filter((_, i) => tiers[i] !== 'clean');
  const refused = texts.filter((_, i) => tiers[i] === 'abuse');
  for (const key of CORPUS_BOUNDS.filter((k) => k in expect)) {
    const bound = percent(expect, key);
    const hits = key.includes('Flagged') ? flagged : refused;
    const max = key.startsWith('max');
    const ok = max ? hits.length * 100 <= bound * texts.length : hits.length * 100 >= bound * texts.length;
    if (!ok) {
      const hitSet = new Set(hits);
      const wrong = max ? hits : texts.filter((t) => !hitSet.has(t));
      fail(`${key} ${String(bound)}: ${String(hits.length)} of ${String(texts.length)}; ${max ? 'caught' : 'passed'}: ${JSON.stringify(wrong)}`);
    }
  }
}
