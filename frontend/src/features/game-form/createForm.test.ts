// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { orderedItemsJson } from './api.ts';
import { loadCoreSync, loadCreatePageSync } from '../../test/nodeCore.ts';
import { readRules } from '../../core/game.ts';
import { formCore, splitSpellings, validateGame } from '../../core/forms.ts';
import {
  DRAFT_KEY,
  emptyDraft as emptyDraftOf,
  fieldMessages,
  isDirty,
  loadDraft as loadDraftOf,
  mergeAutofill,
  saveDraft,
  submitState,
  toForm,
  toItemSpellings,
  toRejectedSpellings,
  TOOLTIP_CHECKING,
  TOOLTIP_FILL,
  TOOLTIP_OTHER,
  TOOLTIP_PROFANITY,
  type Draft,
  type FieldError,
  type FormRules,
  type GameForm,
  type MergeAutofill,
} from './createForm.ts';

const core = loadCoreSync();
// The autofill merge lives in the create page's module.
const createPage = loadCreatePageSync();
const merge: MergeAutofill = (f, a) => createPage.mergeAutofill(f, a) as GameForm;
const rules: FormRules = {
  itemsPerGame: readRules(core).itemsPerGame,
  splitSpellings: (t) => splitSpellings(formCore, t),
  validateGame: (f) => validateGame(formCore, f),
};
// The core's number of items.
const emptyDraft = () => emptyDraftOf(rules.itemsPerGame);
const loadDraft = () => loadDraftOf(rules.itemsPerGame);

const NAMES = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto', 'Ceres'];

function filled(): Draft {
  return { prompt: 'bodies orbiting the sun', items: NAMES.map((name) => ({ name, alts: '', rejected: '' })) };
}

const errorsOf = (draft: Draft) => rules.validateGame(toForm(draft, rules));
const profane = (field: string): FieldError => ({ field, code: 'profanity', message: 'Please remove any bad words.' });

afterEach(() => {
  sessionStorage.clear();
});

describe('create form: splitting', () => {
  it('splits spellings on commas with optional spaces, trimmed, empties dropped', () => {
    const draft = filled();
    draft.items[2] = { name: '  Earth ', alts: 'Terra,Gaia ,  Blue Planet,, ', rejected: '' };
    const form = toForm(draft, rules);
    expect(form.items[2]).toEqual({ name: 'Earth', altSpellings: ['Terra', 'Gaia', 'Blue Planet'], rejectedSpellings: [] });
    expect(form.items[0]).toEqual({ name: 'Mercury', altSpellings: [], rejectedSpellings: [] });
  });

  it('splits not-accepted spellings too, and sends them only for the items that have some', () => {
    const draft = filled();
    draft.items[3] = { name: 'Mars', alts: 'Red Planet', rejected: ' Madras,, Mar ' };
    const form = toForm(draft, rules);
    expect(form.items[3]).toEqual({ name: 'Mars', altSpellings: ['Red Planet'], rejectedSpellings: ['Madras', 'Mar'] });
    expect(toRejectedSpellings(form)).toEqual([['Mars', ['Madras', 'Mar']]]);
    expect(orderedItemsJson(toRejectedSpellings(form))).toBe('{"Mars":["Madras","Mar"]}');
  });

  it("refuses a not-accepted spelling the item accepts, at the field's key", () => {
    const draft = filled();
    draft.items[3] = { name: 'Mars', alts: 'Red Planet', rejected: 'red planet' };
    const errors = errorsOf(draft);
    expect(errors.map((e) => [e.field, e.code])).toEqual([['items.3.rejectedSpellings', 'duplicate']]);
  });

  it('sends the items as an ordered map, even with number-like names', () => {
    const items = toItemSpellings(toForm({ prompt: 'p', items: [{ name: 'b', alts: 'x', rejected: '' }, { name: '1984', alts: '', rejected: '' }] }, rules));
    const text = orderedItemsJson(items);
    expect(text).toBe('{"b":["x"],"1984":[]}');
    // A plain object would have put "1984" first.
    expect(JSON.stringify(Object.fromEntries(items))).toBe('{"1984":[],"b":["x"]}');
  });
});

describe('create form: Create Game is disabled until everything is filled and clean', () => {
  it('an empty form asks to fill every field', () => {
    expect(submitState(errorsOf(emptyDraft()), [])).toEqual({ disabled: true, reason: TOOLTIP_FILL });
  });

  it('one missing item name (only spaces) keeps it disabled', () => {
    const draft = filled();
    draft.items[9] = { name: '   ', alts: 'x', rejected: '' };
    expect(submitState(errorsOf(draft), [])).toEqual({ disabled: true, reason: TOOLTIP_FILL });
  });

  it('a missing prompt keeps it disabled', () => {
    expect(submitState(errorsOf({ ...filled(), prompt: ' ' }), [])).toEqual({ disabled: true, reason: TOOLTIP_FILL });
  });

  it('a bad word anywhere disables it with the bad-words tooltip, even before the rest is filled', () => {
    expect(submitState(errorsOf(filled()), [profane('items.3.altSpellings')])).toEqual({ disabled: true, reason: TOOLTIP_PROFANITY });
    expect(submitState(errorsOf(emptyDraft()), [profane('prompt')])).toEqual({ disabled: true, reason: TOOLTIP_PROFANITY });
  });

  it('other game-core errors (a repeated item) disable it too', () => {
    const draft = filled();
    draft.items[1] = { name: 'mercury', alts: '', rejected: '' };
    const errors = errorsOf(draft);
    expect(errors.map((e) => e.field)).toEqual(['items.1.name']);
    expect(submitState(errors, [])).toEqual({ disabled: true, reason: TOOLTIP_OTHER });
  });

  it('waits for the bad-word check, then enables a filled clean form', () => {
    expect(submitState(errorsOf(filled()), null)).toEqual({ disabled: true, reason: TOOLTIP_CHECKING });
    expect(submitState(errorsOf(filled()), [])).toEqual({ disabled: false });
  });

  it("shows field messages except 'required', with the profanity message winning", () => {
    const draft = filled();
    draft.items[1] = { name: 'mercury', alts: '', rejected: '' };
    draft.items[4] = { name: '', alts: '', rejected: '' };
    const messages = fieldMessages(errorsOf(draft), [profane('items.1.name'), profane('prompt')]);
    expect(Object.fromEntries(messages)).toEqual({ 'items.1.name': 'Please remove any bad words.', prompt: 'Please remove any bad words.' });
  });
});

describe('create form: autofill merge (the core\'s mergeAutofill)', () => {
  it('takes the prompt and merges spellings into rows matched by name, without repeats', () => {
    const draft = filled();
    draft.items[2] = { name: 'Earth', alts: 'Terra', rejected: '' };
    const merged = mergeAutofill(draft, { prompt: 'Bodies orbiting the Sun', items: { earth: ['terra', 'Gaia', 'Earth'], Mars: ['Red Planet'], Vulcan: ['x'] } }, rules, merge);
    expect(merged.prompt).toBe('Bodies orbiting the Sun');
    expect(merged.items[2]).toEqual({ name: 'Earth', alts: 'Terra, Gaia', rejected: '' });
    expect(merged.items[3]).toEqual({ name: 'Mars', alts: 'Red Planet', rejected: '' });
    expect(merged.items[0]).toEqual({ name: 'Mercury', alts: '', rejected: '' });
    expect(merged.items).toHaveLength(10);
  });

  it("keeps a row's not-accepted spellings and never merges one of them in", () => {
    const draft = filled();
    draft.items[3] = { name: 'Mars', alts: '', rejected: 'Madras' };
    const merged = mergeAutofill(draft, { prompt: '', items: { Mars: ['Red Planet', 'madras'] } }, rules, merge);
    expect(merged.items[3]).toEqual({ name: 'Mars', alts: 'Red Planet', rejected: 'Madras' });
  });

  it('keeps the typed prompt when the answer has none, and leaves empty rows alone', () => {
    const draft = { ...emptyDraft(), prompt: 'mine' };
    const merged = mergeAutofill(draft, { prompt: '', items: { '': ['x'] } }, rules, merge);
    expect(merged).toEqual(draft);
  });
});

describe('create form: the draft', () => {
  it('is kept in sessionStorage while it has content, and dropped when emptied', () => {
    const draft = filled();
    draft.items[0] = { name: 'Mercury', alts: 'Hermes', rejected: '' };
    saveDraft(draft);
    expect(loadDraft()).toEqual(draft);
    saveDraft(emptyDraft());
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(loadDraft()).toEqual(emptyDraft());
  });

  it('a corrupt or partial draft loads as much as it can', () => {
    sessionStorage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft()).toEqual(emptyDraft());
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ prompt: 'p', items: [{ name: 'a' }, null, { name: 3 }] }));
    const draft = loadDraft();
    expect(draft.prompt).toBe('p');
    expect(draft.items).toHaveLength(10);
    expect(draft.items.slice(0, 3)).toEqual([{ name: 'a', alts: '', rejected: '' }, { name: '', alts: '', rejected: '' }, { name: '', alts: '', rejected: '' }]);
  });

  it('is dirty once anything is typed', () => {
    expect(isDirty(emptyDraft())).toBe(false);
    expect(isDirty({ ...emptyDraft(), prompt: ' ' })).toBe(false);
    const draft = emptyDraft();
    draft.items[7] = { name: '', alts: 'x', rejected: '' };
    expect(isDirty(draft)).toBe(true);
  });
});
