/**
 * What each guess and hint says, in the spec's words (§8 Guess toasts): shown in the result line
 * under the guess box (./ResultLine.tsx), which the newest result replaces. A hint refused is
 * one of the spec's error toasts.
 */
import { isRefusal, type GuessResult, type HintResult, type HintValue, type Refusal } from '../../../core/game.ts';
import type { Toast } from '../../../stores/toasts.ts';
import { showFeedback, type FeedbackLine } from '../stores/feedback.ts';
import { t } from '../../../lib/i18n.ts';
import { correctionText } from '../../../core/correction.ts';
import { isolate } from '../../../lib/bidi.ts';

/** The core's refusals (`GameError` codes), as the player reads them. */
const REFUSALS: Record<Refusal['error'], string> = {
  emptyGuess: 'game.refusal.emptyGuess',
  gameOver: 'game.refusal.gameOver',
  noHintsLeft: 'game.refusal.noHintsLeft',
  noMoreHintsOfType: 'game.refusal.noMoreHintsOfType',
  guessTooLong: 'game.refusal.guessTooLong',
  logTooLong: 'game.refusal.logTooLong',
};

/** A refusal in the active locale (the core's English text for a code it adds later). */
export function refusalText(refusal: Refusal): string {
  const id = REFUSALS[refusal.error] as string | undefined;
  return id ? t(id) : refusal.message;
}

type ToastInput = Omit<Toast, 'id' | 'duration'> & { duration?: number };

export function guessFeedback(typed: string, result: GuessResult | Refusal): FeedbackLine {
  const guess = typed.trim();
  if (isRefusal(result)) return { title: refusalText(result), status: 'warning' };
  const description = result.correction ? correctionText(result.correction) : undefined;
  const withDescription = (t: FeedbackLine): FeedbackLine => (description ? { ...t, description } : t);
  switch (result.outcome) {
    case 'correct':
      return withDescription({ title: t('game.guess.correct', { guess }), status: 'success' });
    case 'wrong':
      return { title: t('game.guess.wrong', { guess }), status: 'error' };
    case 'correctAgain':
      return withDescription({ title: t('game.guess.correctAgain', { guess }), status: 'info' });
    case 'wrongAgain':
      return { title: t('game.guess.wrongAgain', { guess }), status: 'error' };
    default:
      return { title: t('game.guess.unknown'), status: 'warning' };
  }
}

/** Shows a guess's result in the result line; a found slot (new or again) is brought into view. */
export function reportGuess(typed: string, result: GuessResult | Refusal): void {
  showFeedback(guessFeedback(typed, result), isRefusal(result) ? null : result.itemId);
}

/** A length hint as the slot shows it: '11 letters', or word by word, '6 + 5 letters'. */
export function lengthText(value: HintValue, words?: number[]): string {
  return words && words.length > 1 ? t('game.hint.lettersWords', { words: isolate(words.join(' + ')) }) : t('game.hint.letters', { count: Number(value) });
}

/** A given hint, naming its slot (1-based, as numbered on screen): 'Answer 2 has 6 + 5 letters'. */
export function hintFeedback(result: HintResult, slot: number): FeedbackLine {
  const title =
    result.kind === 'firstLetter'
      ? t('game.hint.startsWith', { slot, letter: isolate(result.value) })
      : t('game.hint.hasLength', { slot, length: lengthText(result.value, result.words) });
  return { title, status: 'info' };
}

/** A refused hint is one of the spec's error toasts ('No more hints available for this type.'). */
export function hintToast(refusal: Refusal): ToastInput {
  return { title: refusalText(refusal), status: 'error' };
}
