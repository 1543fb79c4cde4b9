/**
 * Text of another direction inside a sentence. In Arabic or Hebrew, a Latin letter, a Latin name
 * or a run of numbers joined by `+` inside a message is reordered by the browser's bidirectional
 * algorithm with the Arabic words around it ("يبدأ بـU · 2 + 6 أحرف" read as "6 + 2 · U"): an
 * isolate (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, what `<bdi>` does for an element)
 * keeps such a value one unit, laid out in its own direction. Left-to-right interfaces get the
 * value as it is, so English keeps the spec's exact bytes.
 */
import { activeLocale } from './i18n.ts';
import { RTL_LOCALES } from './locale.ts';

const FSI = '\u2068';
const PDI = '\u2069';

/** `value` as one unit of its own direction in a right-to-left interface; as it is otherwise. */
export function isolate(value: string | number): string {
  const text = String(value);
  return RTL_LOCALES.has(activeLocale()) && text !== '' ? `${FSI}${text}${PDI}` : text;
}
