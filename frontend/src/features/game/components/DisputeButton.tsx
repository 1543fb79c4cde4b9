/** "I was right" on one wrong guess of a finished game whose result is stored (./WrongGuesses.tsx). */
import '../../../styles/full.css';
import type { DisputeControls } from './useDisputes.ts';
import { useT } from '../../../lib/i18n.ts';

export function DisputeButton({ guess, controls }: { guess: string; controls: DisputeControls }) {
  const t = useT();
  const done = controls.disputed.includes(guess);
  return (
    <button
      type="button"
      className="btn btn-secondary px-2 py-0.5 text-xs"
      disabled={done || controls.sending !== null}
      aria-label={done ? t('game.dispute.doneLabel', { guess }) : t('game.dispute.label', { guess })}
      onClick={() => {
        controls.onDispute(guess);
      }}
    >
      {done ? t('game.dispute.done') : t('game.dispute.button')}
    </button>
  );
}
