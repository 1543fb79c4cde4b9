/**
 * The create form's state and rules around it. The rules themselves (splitting spellings,
 * required fields, duplicates, lengths, bad words) come from game-core through WASM; this file
 * only decides what the page does with their answers.
 */
import type { AutofillResponse } from '../../api/generated/index.ts';
import type { FieldError, GameForm } from '../../core/forms.ts';
import type { ItemSpellings } from './api.ts';
import { t } from '../../lib/i18n.ts';
import { fieldErrorText } from './fieldErrors.ts';

export type { FieldError, GameForm } from '../../core/forms.ts';

/** Why Create is disabled: message ids (the create page translates them). */
export const TOOLTIP_FILL = 'b.create.reason.fill';
export const TOOLTIP_PROFANITY = 'b.create.reason.profanity';
export const TOOLTIP_OTHER = 'b.create.reason.other';
export const TOOLTIP_CHECKING = 'b.create.reason.checking';

/** One row as typed: the name, the comma-separated alternative spellings and the comma-separated spellings not accepted. */
export interface Row {
  name: string;
  alts: string;
  rejected: string;
}

export interface Draft {
  prompt: string;
  items: Row[];
}

/** The game-core calls the form needs (the play module) and its number of items. */
export interface FormRules {
  itemsPerGame: number;
  splitSpellings: (text: string) => string[];
  validateGame: (form: GameForm) => FieldError[];
}

/** The core's autofill merge (`mergeAutofill` of the create page's module). */
export type MergeAutofill = (form: GameForm, answer: GameForm) => GameForm;

/** An empty form of `items` rows (the core's `itemsPerGame`). */
export const emptyDraft = (items: number): Draft => ({ prompt: '', items: Array.from({ length: items }, () => ({ name: '', alts: '', rejected: '' })) });

export const isDirty = (draft: Draft): boolean => draft.prompt.trim() !== '' || draft.items.some((r) => r.name.trim() !== '' || r.alts.trim() !== '' || r.rejected.trim() !== '');

/**
 * The draft is kept in sessionStorage (this tab only) so a failed request, a reload or the
 * Back button lose nothing; a created game, or 'Leave' in the navigate-away confirm, clears it.
 */
export const DRAFT_KEY = 'createDraft';

function session(): Storage | null {
  try {
    return globalThis.sessionStorage;
  } catch {
    return null;
  }
}

/** The kept draft, shaped to `items` rows (the core's `itemsPerGame`). */
export function loadDraft(items: number): Draft {
  try {
    const raw = session()?.getItem(DRAFT_KEY);
    if (!raw) return emptyDraft(items);
    const value = JSON.parse(raw) as Partial<Draft>;
    const rows = Array.isArray(value.items) ? value.items : [];
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      prompt: text(value.prompt),
      items: Array.from({ length: items }, (_, i) => {
        const row = rows[i] as Partial<Row> | undefined;
        return { name: text(row?.name), alts: text(row?.alts), rejected: text(row?.rejected) };
      }),
    };
  } catch {
    return emptyDraft(items);
  }
}

export function saveDraft(draft: Draft): void {
  try {
    if (isDirty(draft)) session()?.setItem(DRAFT_KEY, JSON.stringify(draft));
    else session()?.removeItem(DRAFT_KEY);
  } catch {
    // a full or blocked storage: the form still works, it just is not kept
  }
}

export function clearDraft(): void {
  try {
    session()?.removeItem(DRAFT_KEY);
  } catch {
    // nothing to do
  }
}

/** The draft as game-core's form: spellings split on commas (with optional spaces). */
export function toForm(draft: Draft, rules: Pick<FormRules, 'splitSpellings'>): GameForm {
  return {
    prompt: draft.prompt.trim(),
    items: draft.items.map((r) => ({ name: r.name.trim(), altSpellings: rules.splitSpellings(r.alts), rejectedSpellings: rules.splitSpellings(r.rejected) })),
  };
}

/** The items as the server's ordered map; rows without a name are left out (autofill sends what is there). */
export const toItemSpellings = (form: GameForm): ItemSpellings =>
  form.items.filter((it) => it.name !== '').map((it) => [it.name, it.altSpellings]);

/** The upload's `rejectedSpellings`: item name → spellings not accepted, only for items that have some. */
export const toRejectedSpellings = (form: GameForm): ItemSpellings =>
  form.items.filter((it) => it.name !== '' && (it.rejectedSpellings ?? []).length > 0).map((it) => [it.name, it.rejectedSpellings ?? []]);

export type SubmitState = { disabled: false } | { disabled: true; reason: string };

/**
 * Create Game is enabled only when everything is filled and clean (spec §5). Bad words come
 * first (they are flagged at their field), then empty fields, then any other form error.
 * `profanity` is null while the check has not answered yet. `realNames`: the creator said the
 * flagged words are real names (offered only when none is abuse, see `realNamesOffered`).
 */
export function submitState(errors: FieldError[], profanity: FieldError[] | null, realNames = false): SubmitState {
  if (profanity && profanity.length > 0 && !realNames) return { disabled: true, reason: TOOLTIP_PROFANITY };
  if (errors.some((e) => e.code === 'required' || e.code === 'itemCount')) return { disabled: true, reason: TOOLTIP_FILL };
  if (errors.length > 0) return { disabled: true, reason: TOOLTIP_OTHER };
  if (profanity === null) return { disabled: true, reason: TOOLTIP_CHECKING };
  return { disabled: false };
}

/** A field the bad-word check stops (`flagGame` of the create page's module). */
export interface ProfanityFlag {
  field: string;
  /** `flagged`: may be a real name (a town, a surname); `abuse`: a slur or a threat, refused outright. */
  tier: 'flagged' | 'abuse';
  /** The flagged words as written. */
  words: string[];
}

/** The spec's message at each flagged field, as the server words its refusal. */
export const flagErrors = (flags: ProfanityFlag[]): FieldError[] =>
  flags.map((f) => ({ field: f.field, code: 'profanity', message: t('error.profanity') }));

/** The creator may say the flagged words are real names only when none of them is abuse. */
export const realNamesOffered = (flags: ProfanityFlag[] | null): boolean =>
  flags !== null && flags.length > 0 && flags.every((f) => f.tier === 'flagged');

/** Errors worth showing at a field while typing: not 'required' (the tooltip says that). */
export function fieldMessages(errors: FieldError[], profanity: FieldError[] | null): Map<string, string> {
  const messages = new Map<string, string>();
  for (const e of errors) if (e.code !== 'required' && e.code !== 'itemCount' && !messages.has(e.field)) messages.set(e.field, fieldErrorText(e));
  for (const e of profanity ?? []) messages.set(e.field, fieldErrorText(e)); // the spec's 'Please remove any bad words.' wins
  return messages;
}

export const AUTOFILL_ADDED = 'b.create.autofill.done';
export const AUTOFILL_NOTHING = 'b.create.autofill.nothing';

export const AUTOFILL_GUESSED = 'b.create.autofill.guessed';

type Added = Pick<AutofillResponse, 'addedItems' | 'addedSpellings'> & Partial<Pick<AutofillResponse, 'doubtfulSpellings'>>;

/** Whether an autofill added something a player needs: an item, or a spelling that is no singular/plural guess. */
export const autofillWasUseful = (answer: Added): boolean => answer.addedItems > 0 || answer.addedSpellings > (answer.doubtfulSpellings ?? 0);

/**
 * The toast after an autofill, from what the answer says it added (`addedItems`,
 * `addedSpellings`, `doubtfulSpellings`): never a success when nothing changed, nor when all it
 * added are singular/plural guesses (those are named, to be checked). `named` is how many
 * answers the form sent.
 */
export function autofillOutcome(answer: Added, named: number) {
  const { addedItems, addedSpellings } = answer;
  if (addedSpellings > 0 && !autofillWasUseful(answer)) {
    return { title: t(AUTOFILL_GUESSED), description: t('b.create.autofill.addedGuesses', { spellings: addedSpellings }), status: 'info' as const };
  }
  if (addedItems > 0 || addedSpellings > 0) {
    const values = { answers: addedItems, spellings: addedSpellings };
    const id = addedItems > 0 && addedSpellings > 0 ? 'b.create.autofill.addedBoth' : addedItems > 0 ? 'b.create.autofill.addedAnswers' : 'b.create.autofill.addedSpellings';
    return { title: t(AUTOFILL_ADDED), description: t(id, values), status: 'success' as const };
  }
  const description = named === 0 ? t('b.create.autofill.noAnswers') : t('b.create.autofill.complete');
  return { title: t(AUTOFILL_NOTHING), description, status: 'info' as const };
}

/** The server's autofill answer (item name → spellings) as the core's form. */
export const answerForm = (answer: Pick<AutofillResponse, 'prompt' | 'items'>): GameForm => ({
  prompt: typeof answer.prompt === 'string' ? answer.prompt : '',
  items: Object.entries(answer.items).map(([name, altSpellings]) => ({ name, altSpellings: Array.isArray(altSpellings) ? altSpellings : [] })),
});

/**
 * Autofill's answer merged into the draft by the core's `mergeAutofill` (its prompt unless
 * blank; rows matched by `normalise`d name gain its spellings, de-duplicated; rows without a
 * name take the answer's new items). A row the merge leaves as it was keeps its text as typed;
 * a changed row gets the merged name and list, comma-separated.
 */
export function mergeAutofill(draft: Draft, answer: Pick<AutofillResponse, 'prompt' | 'items'>, rules: Pick<FormRules, 'splitSpellings'>, merge: MergeAutofill): Draft {
  const form = toForm(draft, rules);
  const merged = merge(form, answerForm(answer));
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i]);
  return {
    prompt: merged.prompt === form.prompt ? draft.prompt : merged.prompt,
    items: draft.items.map((row, i) => {
      const before = form.items[i]?.altSpellings ?? [];
      const after = merged.items[i]?.altSpellings ?? before;
      const name = merged.items[i]?.name ?? form.items[i]?.name ?? '';
      if (name !== (form.items[i]?.name ?? '')) return { ...row, name, alts: after.join(', ') };
      return same(before, after) ? row : { ...row, alts: after.join(', ') };
    }),
  };
}
