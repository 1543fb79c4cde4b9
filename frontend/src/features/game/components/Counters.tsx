/** Correct x/10, Wrong x/8, Score (the totals from the core's rules). */
import type { GameView, Rules } from '../../../core/game.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/numbers.ts';

export function Counters({ view, rules }: { view: GameView; rules: Pick<Rules, 'itemsPerGame' | 'maxWrong'> }) {
  const t = useT();
  const locale = useLocale();
  const cells: [string, string, string][] = [
    [t('game.counter.correct'), t('game.counter.fraction', { n: formatNumber(view.correct, locale), of: formatNumber(rules.itemsPerGame, locale) }), 'correct'],
    [t('game.counter.wrong'), t('game.counter.fraction', { n: formatNumber(view.wrong, locale), of: formatNumber(rules.maxWrong, locale) }), 'wrong'],
    [t('game.counter.score'), formatNumber(view.score, locale), 'score'],
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
