/**
 * The edit page's form state and how it becomes the `PUT /api/game/edit/{uid}` body (spec §3,
 * §5). The rules themselves come from the core: `splitSpellings` (commas, trimmed, empties
 * dropped) and `validateGame` (the same checks the server runs, minus profanity, which only the
 * server checks here: the profanity module is large and the editor is for admins).
 */
import type { Category, Game, EditBody } from '../../api/generated/index.ts';
import { splitSpellings, validateGame, type FieldError, type FormCore } from '../../core/forms.ts';
import { activeLocale, t } from '../../lib/i18n.ts';

/** Spec §5's message for empty fields (its id). */
export const FILL_OUT_ALL_FIELDS = 'a.edit.fillOutAllFields';

export interface FormItem {
  /** The stored item id: it stays with the item through every edit. */
  id: number;
  name: string;
  /** The alternative spellings as typed: comma-separated. */
  spellings: string;
  /** The spellings not accepted (never auto-corrected into the item), comma-separated. */
  rejected: string;
}

export interface FormState {
  prompt: string;
  public: boolean;
  items: FormItem[];
  /** A community game's categories (`null` for a daily game: none to edit). */
  categories: Category[] | null;
}

/** Field keys as the core and the server name them: `prompt`, `items`, `items.{i}.name`, `items.{i}.altSpellings`, `items.{i}.rejectedSpellings`. */
export type FieldErrors = Record<string, string>;

export function toFormState(game: Game): FormState {
  return {
    prompt: game.prompt,
    public: game.public ?? false,
    items: game.items.map((it) => ({ id: it.id, name: it.name, spellings: it.altSpellings.join(', '), rejected: (it.rejectedSpellings ?? []).join(', ') })),
    categories: game.type === 'community' ? (game.categories ?? []) : null,
  };
}


export function toEditBody(core: FormCore, state: FormState): EditBody {
  return {
    prompt: state.prompt.trim(),
    public: state.public,
    items: state.items.map((it) => {
      const rejected = splitSpellings(core, it.rejected);
      // Left out when empty, as the server writes it.
      return { id: it.id, name: it.name.trim(), altSpellings: splitSpellings(core, it.spellings), ...(rejected.length > 0 ? { rejectedSpellings: rejected } : {}) };
    }),
    // Sent when there are some: a game from before categories keeps none until an admin picks.
    ...(state.categories && state.categories.length > 0 ? { categories: state.categories } : {}),
  };
}

/** The core's form problems with the body about to be sent (`required` ones included). */
export function problems(core: FormCore, body: EditBody): FieldError[] {
  return validateGame(core, { prompt: body.prompt, items: body.items.map((it) => ({ name: it.name, altSpellings: it.altSpellings, rejectedSpellings: it.rejectedSpellings ?? [] })) });
}

/** Spec §5, by the core's rule: the fields that are empty after trimming (code `required`). */
export const requiredFields = (errors: FieldError[]): FieldError[] => errors.filter((e) => e.code === 'required');

/** The first message per field. */
export function byField(errors: FieldError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}

/** The core's form rules on the body about to be sent; empty when it may be sent. */
export const validate = (core: FormCore, body: EditBody): FieldErrors => byField(problems(core, body));

/** Where a saved game is played: its day when it has one, else its community page. */
export function playPath(saved: Pick<Game, 'date' | 'uid'>, uid: string): string {
  return saved.date ? `/archive/${saved.date}` : `/community/${saved.uid ?? uid}`;
}

/** A field key as the editor's warning names it (`items.2.name` → `item 3's name`). */
export function fieldLabel(field: string): string {
  const item = /^items\.(\d+)\.(name|altSpellings|rejectedSpellings)$/.exec(field);
  if (!item) return field === 'prompt' ? t('a.edit.field.prompt') : field;
  const n = Number(item[1]) + 1;
  const id = item[2] === 'rejectedSpellings' ? 'a.edit.field.rejected' : item[2] === 'name' ? 'a.edit.field.name' : 'a.edit.field.spellings';
  return t(id, { n });
}

/** What an admin sees after saving words the bad-word check flags (saved all the same). */
export function flaggedWarning(warnings: readonly Pick<FieldError, 'field'>[]): string {
  const fields = [...new Set(warnings.map((w) => fieldLabel(w.field)))];
  return t('a.edit.flagged', { fields: new Intl.ListFormat(activeLocale(), { type: 'conjunction' }).format(fields) });
}
