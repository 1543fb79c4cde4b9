/** Correct x/10, Wrong x/8, Score. */
import type { GameView } from '../../../core/game.ts';

const ITEMS = 10;
const MAX_WRONG = 8;

export function Counters({ view }: { view: GameView }) {
  const cells: [string, string, string][] = [
    ['Correct', `${view.correct}/${ITEMS}`, 'correct'],
    ['Wrong', `${view.wrong}/${MAX_WRONG}`, 'wrong'],
    ['Score', String(view.score), 'score'],
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
