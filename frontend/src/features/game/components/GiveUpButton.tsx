/** Give Up: the first click arms 'You sure?', the second ends the game; afterwards 'See Stats'. */
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';

const DISARM_MS = 4000;

interface Props {
  gameOver: boolean;
  onGiveUp: () => void;
  onSeeStats: () => void;
}

export function GiveUpButton({ gameOver, onGiveUp, onSeeStats }: Props) {
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

  if (gameOver) {
    return (
      <button type="button" className="btn btn-secondary flex-1" onClick={onSeeStats}>
        {t('game.seeStats')}
      </button>
    );
  }
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
