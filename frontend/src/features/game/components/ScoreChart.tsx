/**
 * The score distribution in the stats modal: the server's histogram drawn as eleven bars
 * (0–99, 100–199, … 900–999, and 1000), the player's bar marked. The drawing is hidden from
 * screen readers, which get the same figures as a table.
 */
import '../../../styles/full.css';
import type { ScoreCount } from '../../../api/generated/index.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';

const BARS = 11;
const W = 330;
const H = 96;

/** Bar i holds the scores from i*100; the last one, 1000 (bucket 100). */
const barOf = (bucket: number) => Math.min(Math.floor(bucket / 10), BARS - 1);

/** Scores as the interface's language writes numbers (no grouping: 1000 at most). */
const numbers = (locale: string) => new Intl.NumberFormat(locale, { useGrouping: false });

export function ScoreChart({ histogram, score }: { histogram: ScoreCount[]; score: number | undefined }) {
  const t = useT();
  const numberFormat = numbers(useLocale());
  const format = (n: number) => numberFormat.format(n);
  const rangeLabel = (bar: number) => (bar === BARS - 1 ? format(1000) : `${format(bar * 100)}–${format(bar * 100 + 99)}`);
  const players = Array.from({ length: BARS }, () => 0);
  for (const { bucket, players: n } of histogram) players[barOf(bucket)] = (players[barOf(bucket)] ?? 0) + n;
  const top = Math.max(1, ...players);
  const mine = score === undefined ? undefined : barOf(Math.floor(score / 10));
  const step = W / BARS;
  return (
    <figure className="grid gap-1" data-testid="score-chart">
      <figcaption className="text-sm font-semibold">{t('a.chart.title')}</figcaption>
      <svg viewBox={`0 0 ${String(W)} ${String(H + 14)}`} className="w-full" aria-hidden="true">
        {players.map((n, bar) => {
          const height = (n / top) * (H - 4);
          return (
            <g key={bar}>
              <rect x={bar * step + 2} width={step - 4} y={H - height} height={Math.max(height, n > 0 ? 2 : 0)} className={bar === mine ? 'fill-lava-yellow' : 'fill-lava-red/60'} />
              <text x={bar * step + step / 2} y={H + 11} textAnchor="middle" className="fill-muted text-[8px]">
                {format(bar === BARS - 1 ? 1000 : bar * 100)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{mine === undefined ? t('a.chart.caption') : t('a.chart.captionMine', { range: rangeLabel(mine) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('a.chart.scores')}</th>
            <th scope="col">{t('a.end.players')}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((n, bar) => (
            <tr key={bar}>
              <th scope="row">{bar === mine ? t('a.chart.yours', { range: rangeLabel(bar) }) : rangeLabel(bar)}</th>
              <td>{format(n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {mine !== undefined && <p className="text-xs text-muted">{t('a.chart.mine', { range: rangeLabel(mine) })}</p>}
    </figure>
  );
}
