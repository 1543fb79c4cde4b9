/** Category labels and rating text: plain data and strings, for cards, forms and filters. */
import type { Category } from '../api/generated/index.ts';
import { activeLocale, t } from './i18n.ts';

/** A category with its label in the active locale (read when shown, so it follows a switch). */
const category = (value: Category, id: string) => ({
  value,
  get label() {
    return t(id);
  },
});

/** The fixed category list, in the server's order, with the labels players read. */
export const CATEGORIES: { value: Category; readonly label: string }[] = [
  category('geography', 'b.category.geography'),
  category('history', 'b.category.history'),
  category('science', 'b.category.science'),
  category('sport', 'b.category.sport'),
  category('music', 'b.category.music'),
  category('film-tv', 'b.category.filmTv'),
  category('books', 'b.category.books'),
  category('food-drink', 'b.category.foodDrink'),
  category('nature', 'b.category.nature'),
  category('language', 'b.category.language'),
  category('games', 'b.category.games'),
  category('people', 'b.category.people'),
  category('miscellaneous', 'b.category.miscellaneous'),
];

export const MAX_CATEGORIES = 3;

export const categoryLabel = (value: Category): string => CATEGORIES.find((c) => c.value === value)?.label ?? value;

export const isCategory = (text: string | null): text is Category => CATEGORIES.some((c) => c.value === text);

/** `4.3 ★ (12)`-style text of an average and a count, for cards and screen readers. */
export function ratingText(average: number | undefined, count: number): string {
  if (average === undefined || count === 0) return t('b.rating.none');
  const shown = new Intl.NumberFormat(activeLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
  return t('b.rating.text', { average: shown, count });
}

/** A rate (0–1) as a whole percentage, as the active locale writes it (`57 %`). */
export function percentText(rate: number): string {
  return t('b.percent', { n: Math.round(rate * 100) });
}
