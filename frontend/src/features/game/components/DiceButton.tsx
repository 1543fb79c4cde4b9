/**
 * The dice: opens a random approved community game this player has not finished, weighted
 * towards well-rated ones (the server picks), or a random archive day when none is left.
 */
import { useNavigate } from 'react-router';
import { toast } from '../../../stores/toasts.ts';
import { DiceIcon } from '../../../components/icons.tsx';

export function DiceButton() {
  const navigate = useNavigate();
  const roll = async () => {
    try {
      // Loaded on first use: the header is on every page.
      const { rollDice } = await import('../../community/api.ts');
      const pick = await rollDice();
      if (pick.uid) void navigate(`/community/${pick.uid}`);
      else if (pick.date) void navigate(`/archive/${pick.date}`);
      else toast({ title: 'No games to pick from yet.', status: 'info' });
    } catch (error) {
      toast({ title: 'Could not pick a random game.', description: error instanceof Error ? error.message : undefined, status: 'error' });
    }
  };
  return (
    <button type="button" className="btn btn-ghost px-3" aria-label="Random game" title="Random game" data-testid="dice" onClick={() => void roll()}>
      <DiceIcon className="text-xl" />
    </button>
  );
}
