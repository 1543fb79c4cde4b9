/**
 * What each guess and hint says, in the spec's words (§8 Guess toasts): shown in the result line
 * under the guess box (./ResultLine.tsx), which the newest result replaces. A hint refused is
 * one of the spec's error toasts.
 */
import { isRefusal, type GuessResult, type HintResult, type HintValue, type Refusal } from '../../../core/game.ts';
import type { Toast } from '../../../stores/toasts.ts';
import { showFeedback, type FeedbackLine } from '../stores/feedback.ts';

type ToastInput = Omit<Toast, 'id' | 'duration'> & { duration?: number };

export function guessFeedback(typed: string, result: GuessResult | Refusal): FeedbackLine {
  const guess = typed.trim();
  if (isRefusal(result)) return { title: result.message, status: 'warning' };
  const description = result.description ?? undefined;
  const withDescription = (t: FeedbackLine): FeedbackLine => (description ? { ...t, description } : t);
  switch (result.outcome) {
    case 'correct':
      return withDescription({ title: `${guess} is correct!`, status: 'success' });
    case 'wrong':
      return { title: `${guess} is not on the list.`, status: 'error' };
    case 'correctAgain':
      return withDescription({ title: `${guess} is correct, but you already guessed it!`, status: 'info' });
    case 'wrongAgain':
      return { title: `${guess} is still not correct.`, status: 'error' };
    default:
      return { title: 'Unknown result', status: 'warning' };
  }
}

/** Shows a guess's result in the result line; a found slot (new or again) is brought into view. */
export function reportGuess(typed: string, result: GuessResult | Refusal): void {
  showFeedback(guessFeedback(typed, result), isRefusal(result) ? null : result.itemId);
}

/** A length hint as the slot shows it: '11 letters', or word by word, '6 + 5 letters'. */
export function lengthText(value: HintValue, words?: number[]): string {
  return `${words && words.length > 1 ? words.join(' + ') : String(value)} letters`;
}

/** A given hint, naming its slot (1-based, as numbered on screen): 'Answer 2 has 6 + 5 letters'. */
export function hintFeedback(result: HintResult, slot: number): FeedbackLine {
  const what = result.kind === 'firstLetter' ? `starts with ${String(result.value)}` : `has ${lengthText(result.value, result.words)}`;
  return { title: `Answer ${String(slot)} ${what}`, status: 'info' };
}

/** A refused hint is one of the spec's error toasts ('No more hints available for this type.'). */
export function hintToast(refusal: Refusal): ToastInput {
  return { title: refusal.message, status: 'error' };
}
