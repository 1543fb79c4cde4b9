/** Calls of the create page and the profile (docs/features/creating-games.md). */
import { JsonText, post } from '../../lib/apiClient.ts';
import type { Category, Game, AutofillResponse } from '../../api/generated/index.ts';

/** Item name → alternative spellings, in the form's order. */
export type ItemSpellings = [name: string, altSpellings: string[]][];

/** `{"name": [...], ...}` keeping the order (see `JsonText`); the server keeps it too. */
export function orderedItemsJson(items: ItemSpellings): string {
  return `{${items.map(([name, alts]) => `${JSON.stringify(name)}:${JSON.stringify(alts)}`).join(',')}}`;
}

/**
 * `POST /api/game/upload`: stored unreviewed and private until an admin approves it.
 * `rejected`: item name → spellings never auto-corrected into it (left out when empty);
 * `categories`: one to three (none: the server files the game under Miscellaneous);
 * `realNames`: the creator says the words the bad-word check flags are real names (sent only
 * when true): the server stores the game for a moderator to check instead of refusing it.
 */
export function uploadGame(prompt: string, items: ItemSpellings, rejected: ItemSpellings = [], categories: Category[] = [], realNames = false) {
  const rejectedJson = rejected.length > 0 ? `,"rejectedSpellings":${orderedItemsJson(rejected)}` : '';
  const categoriesJson = categories.length > 0 ? `,"categories":${JSON.stringify(categories)}` : '';
  const realNamesJson = realNames ? ',"realNames":true' : '';
  const text = `{"prompt":${JSON.stringify(prompt)},"items":${orderedItemsJson(items)}${rejectedJson}${categoriesJson},"type":"community","public":false${realNamesJson}}`;
  return post<Game>('/api/game/upload', new JsonText(text));
}


/** `POST /api/autofill-game-info {prompt, items}` → `{prompt, items}` with spellings added. */
export function autofillGame(prompt: string, items: ItemSpellings) {
  const text = `{"prompt":${JSON.stringify(prompt)},"items":${orderedItemsJson(items)}}`;
  return post<AutofillResponse>('/api/autofill-game-info', new JsonText(text));
}
