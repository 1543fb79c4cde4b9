/** Correct x/10, Wrong x/8, Score (the totals from the core's rules). */
import type { GameView, Rules } from '../../../core/game.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';

/** A score as the interface's language writes a number, without grouping: 1000, never 1,000. */
export const formatScore = (locale: string, score: number) => new Intl.NumberFormat(locale, { useGrouping: false }).format(score);

export function Counters({ view, rules }: { view: GameView; rules: Pick<Rules, 'itemsPerGame' | 'maxWrong'> }) {
  const t = useT();
  const locale = useLocale();
  const cells: [string, string, string][] = [
    [t('game.counter.correct'), t('game.counter.fraction', { n: view.correct, of: rules.itemsPerGame }), 'correct'],
    [t('game.counter.wrong'), t('game.counter.fraction', { n: view.wrong, of: rules.maxWrong }), 'wrong'],
    [t('game.counter.score'), formatScore(locale, view.score), 'score'],
  ];
  return (
    <dl className="mt-5 grid grid-cols-3 gap-2 text-center" aria-live="polite">
      {cells.map(([label, value, id]) => (
        <div key={id} className="rounded-lg bg-surface px-2 py-2">
          <dt className="text-xs tracking-wider text-muted uppercase">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid={`count-${id}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
