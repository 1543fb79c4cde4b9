/**
 * Give Up: the first click arms 'You sure?', the second ends the game. Once the game is over the
 * button is gone: See Stats is one of the next steps (./GameEnd.tsx).
 */
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';

const DISARM_MS = 4000;

interface Props {
  onGiveUp: () => void;
}

export function GiveUpButton({ onGiveUp }: Props) {
  const t = useT();
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => {
      setArmed(false);
    }, DISARM_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [armed]);

  return (
    <button
      type="button"
      className={`btn flex-1 ${armed ? 'btn-danger' : 'btn-secondary'}`}
      onClick={() => {
        if (armed) {
          setArmed(false);
          onGiveUp();
        } else {
          setArmed(true);
        }
      }}
    >
      {armed ? t('game.giveUp.confirm') : t('game.giveUp')}
    </button>
  );
}
