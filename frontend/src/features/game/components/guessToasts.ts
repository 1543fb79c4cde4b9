/** The toast for each guess outcome and refusal, in the spec's words (§8). */
import { isRefusal, type GuessResult, type HintResult, type Refusal } from '../../../core/game.ts';
import type { Toast } from '../../../stores/toasts.ts';

type ToastInput = Omit<Toast, 'id' | 'duration'> & { duration?: number };

export function guessToast(typed: string, result: GuessResult | Refusal): ToastInput {
  const guess = typed.trim();
  if (isRefusal(result)) return { title: result.message, status: 'warning' };
  const description = result.description ?? undefined;
  const withDescription = (t: ToastInput): ToastInput => (description ? { ...t, description } : t);
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

/** Only refusals toast: a given hint shows in its slot. */
export function hintToast(result: HintResult | Refusal): ToastInput | null {
  return isRefusal(result) ? { title: result.message, status: 'error' } : null;
}
