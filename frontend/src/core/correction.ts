/**
 * The core's `correction` (how it read a guess that is not the item's own name) in the player's
 * language: the result line under the guess box (features/game) and the shared vectors' English
 * `description` (test/vectorRunner.ts) both word it here.
 */
import type { Correction } from '../api/generated/index.ts';
import { isolate } from '../lib/bidi.ts';
import { t } from '../lib/i18n.ts';

/**
 * `correction` in the active locale; in English the spec's words ('Auto-corrected to Jupiter'),
 * which the shared vectors check through this function. Names and spellings are isolated in a
 * right-to-left interface (lib/bidi.ts).
 */
export function correctionText(correction: Correction): string {
  const name = isolate(correction.name);
  switch (correction.kind) {
    case 'alternative':
      return t('game.correction.alternative', { name });
    case 'fuzzyName':
      return t('game.correction.fuzzyName', { name });
    case 'fuzzyAlternative':
      return t('game.correction.fuzzyAlternative', { name, spelling: isolate(correction.spelling) });
  }
}
