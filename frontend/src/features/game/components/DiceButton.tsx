/** The dice: opens a random past day that has a game (from the server's day list). */
import { useNavigate } from 'react-router';
import { fetchPreviousDays } from '../requests.ts';
import { toast } from '../../../stores/toasts.ts';
import { DiceIcon } from '../../../components/icons.tsx';

export function DiceButton() {
  const navigate = useNavigate();
  const roll = async () => {
    try {
      const { games } = await fetchPreviousDays();
      const dates = games.flatMap((g) => (g.date ? [g.date] : []));
      const pick = dates[Math.floor(Math.random() * dates.length)];
      if (!pick) {
        toast({ title: 'No past days yet.', status: 'info' });
        return;
      }
      void navigate(`/archive/${pick}`);
    } catch (error) {
      toast({ title: 'Could not pick a random day.', description: error instanceof Error ? error.message : undefined, status: 'error' });
    }
  };
  return (
    <button type="button" className="btn btn-ghost px-3" aria-label="Random past day" onClick={() => void roll()}>
      <DiceIcon className="text-xl" />
    </button>
  );
}
