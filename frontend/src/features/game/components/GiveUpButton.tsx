/** Give Up: the first click arms 'You sure?', the second ends the game; afterwards 'See Stats'. */
import { useEffect, useState } from 'react';

const DISARM_MS = 4000;

interface Props {
  gameOver: boolean;
  onGiveUp: () => void;
  onSeeStats: () => void;
}

export function GiveUpButton({ gameOver, onGiveUp, onSeeStats }: Props) {
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
        See Stats
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
      {armed ? 'You sure?' : 'Give Up'}
    </button>
  );
}
