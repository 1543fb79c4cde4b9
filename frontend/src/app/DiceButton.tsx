/**
 * The dice: opens a random approved community game this player has not finished, weighted
 * towards well-rated ones (the server picks), or a random archive day when none is left.
 */
import { useNavigate } from 'react-router';
import { toast } from '../stores/toasts.ts';
import { DiceIcon } from '../components/icons.tsx';
import { useT } from '../lib/i18n.ts';

export function DiceButton() {
  const navigate = useNavigate();
  const t = useT();
  const roll = async () => {
    try {
      // Loaded on first use: the header is on every page.
      const { rollDice } = await import('../features/community/api.ts');
      const pick = await rollDice();
      if (pick.uid) void navigate(`/community/${pick.uid}`);
      else if (pick.date) void navigate(`/archive/${pick.date}`);
      else toast({ title: t('game.random.none'), status: 'info' });
    } catch (error) {
      // The error catalogue comes with the failure: it is no part of the first download.
      const description = error instanceof Error ? await import('../lib/serverErrors.ts').then((m) => m.serverErrorText(error), () => undefined) : undefined;
      toast({ title: t('game.random.failed'), description, status: 'error' });
    }
  };
  return (
    <button type="button" className="btn btn-ghost px-3" aria-label={t('game.random')} title={t('game.random')} data-testid="dice" onClick={() => void roll()}>
      <DiceIcon className="text-xl" />
    </button>
  );
}
