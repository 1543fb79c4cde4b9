/** Category labels and rating text: plain data and strings, for cards, forms and filters. */
import type { Category } from '../../api/generated/index.ts';

/** The fixed category list, in the server's order, with the labels players read. */
export const CATEGORIES: { value: Category; label: string }[] = [
  { value: 'geography', label: 'Geography' },
  { value: 'history', label: 'History' },
  { value: 'science', label: 'Science' },
  { value: 'sport', label: 'Sport' },
  { value: 'music', label: 'Music' },
  { value: 'film-tv', label: 'Film & TV' },
  { value: 'books', label: 'Books' },
  { value: 'food-drink', label: 'Food & Drink' },
  { value: 'nature', label: 'Nature' },
  { value: 'language', label: 'Language' },
  { value: 'games', label: 'Games' },
  { value: 'people', label: 'People' },
  { value: 'miscellaneous', label: 'Miscellaneous' },
];

export const MAX_CATEGORIES = 3;

export const categoryLabel = (value: Category): string => CATEGORIES.find((c) => c.value === value)?.label ?? value;

export const isCategory = (text: string | null): text is Category => CATEGORIES.some((c) => c.value === text);

/** `4.3 ★ (12)`-style text of an average and a count, for cards and screen readers. */
export function ratingText(average: number | undefined, count: number): string {
  if (average === undefined || count === 0) return 'No ratings yet';
  return `${average.toFixed(1)} out of 5 from ${String(count)} rating${count === 1 ? '' : 's'}`;
}
