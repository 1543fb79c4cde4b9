/**
 * A form field's problem in the player's language. The game core (and the profanity module)
 * answer `{field, code, message}` with an English `message`; in English that text is shown as it
 * is (it is the most precise), in another locale the message for its code and the kind of field
 * (the prompt, an item's name, its alternative or its not-accepted spellings). A limit or a
 * spelling the English text names (`At most 100 characters.`, `"Mars" is another item's name.`)
 * is carried over.
 */
import type { FieldError } from '../../core/forms.ts';
import { activeLocale, t } from '../../lib/i18n.ts';
import { DEFAULT_LOCALE } from '../../lib/locale.ts';

type Kind = 'prompt' | 'name' | 'alts' | 'rejected' | 'other';

function kindOf(field: string): Kind {
  if (field === 'prompt') return 'prompt';
  const item = /^items\.\d+\.(name|altSpellings|rejectedSpellings)$/.exec(field);
  if (!item) return 'other';
  return item[1] === 'name' ? 'name' : item[1] === 'altSpellings' ? 'alts' : 'rejected';
}

/** The first number in the core's English text (the limit it names), if any. */
const limit = (message: string): number | undefined => {
  const found = /\d+/.exec(message);
  return found ? Number(found[0]) : undefined;
};

/** The quoted spelling in the core's English text, if any. */
const quoted = (message: string): string => /"(.*)"/.exec(message)?.[1] ?? '';

export function fieldErrorText(error: Pick<FieldError, 'field' | 'code' | 'message'>): string {
  if (activeLocale() === DEFAULT_LOCALE) return error.message;
  const kind = kindOf(error.field);
  const spelling = kind === 'alts' || kind === 'rejected';
  const n = limit(error.message);
  switch (error.code) {
    case 'required':
      return t('b.field.required');
    case 'tooLong':
      if (n === undefined) return t('error.tooLong');
      return spelling ? t('b.field.spellingTooLong', { n }) : t('b.field.tooLong', { n });
    case 'itemCount':
      return n === undefined ? t('error.itemCount') : t('b.field.itemCount', { n });
    case 'unguessable':
      return spelling ? t('b.field.spellingUnguessable') : t('b.field.unguessable');
    case 'duplicate':
      if (kind === 'alts') return t('b.field.otherItemsName', { spelling: quoted(error.message) });
      if (kind === 'rejected') return t('b.field.acceptedHere', { spelling: quoted(error.message) });
      return t('b.field.duplicate');
    case 'tooManySpellings':
      return n === undefined ? t('error.tooManySpellings') : t('b.field.tooManySpellings', { n });
    case 'profanity':
      return t('error.profanity');
    case 'categories':
      if (/at least/.test(error.message)) return t('b.field.categoriesNone');
      if (/once/.test(error.message)) return t('b.field.categoriesTwice');
      return n === undefined ? t('error.categories') : t('b.field.categoriesTooMany', { n });
  }
}
