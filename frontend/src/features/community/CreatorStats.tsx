/**
 * A creator's numbers on their profile: per game plays, completion and win rate, average score,
 * rating, the hardest and easiest item (after 20 plays) and a 30-day plays chart (plain SVG);
 * and, for everyone, the profile's totals.
 */
import '../../styles/full.css';
import { useId } from 'react';
import type { CreatorGame, DayPlays } from '../../api/generated/index.ts';
import { useCreatorStats, useCreatorTotals } from './api.ts';
import { percentText as percent, ratingText } from '../../lib/labels.ts';
import { useT } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { capitalise } from '../../lib/text.ts';
import { formatDate } from '../../lib/dates.ts';

/** Totals under a profile's title: games, plays, average rating. */
export function CreatorTotalsLine({ username }: { username: string }) {
  const t = useT();
  const totals = useCreatorTotals(username);
  if (!totals.data || totals.data.games === 0) return null;
  const { games, plays, averageRating, ratings } = totals.data;
  return (
    <p className="text-sm text-muted" data-testid="creator-totals">
      {t('b.creator.totals', { games, plays, rating: ratingText(averageRating, ratings) })}
    </p>
  );
}

/** Thirty bars, one a day; the tallest fills the height. */
function PlaysChart({ days, label }: { days: DayPlays[]; label: string }) {
  const width = 240;
  const height = 48;
  const max = Math.max(1, ...days.map((d) => d.plays));
  const bar = width / Math.max(1, days.length);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure className="grid gap-1">
      <svg viewBox={`0 0 ${String(width)} ${String(height)}`} className="h-12 w-full max-w-[240px]" role="img" aria-label={label}>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="currentColor" strokeOpacity="0.3" />
        {days.map((d, i) => {
          const h = (d.plays / max) * (height - 2);
          return <rect key={d.date} x={i * bar + 1} y={height - h} width={Math.max(1, bar - 2)} height={h} className="fill-lava-yellow" />;
        })}
      </svg>
      {first && last && (
        <figcaption className="flex max-w-[240px] justify-between text-xs text-muted">
          <span>{formatDate(first.date)}</span>
          <span>{formatDate(last.date)}</span>
        </figcaption>
      )}
    </figure>
  );
}

function GameStats({ game }: { game: CreatorGame }) {
  const t = useT();
  const id = useId();
  const total = game.playsPerDay.reduce((n, d) => n + d.plays, 0);
  return (
    <li className="rounded-xl border border-line bg-surface p-4" data-testid="creator-game">
      <h3 id={id} className="font-semibold italic">
        {capitalise(game.prompt)}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">{t('b.creator.plays')}</dt>
          <dd data-testid="stat-plays">{formatNumber(game.plays)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('b.creator.completion')}</dt>
          <dd>{percent(game.completionRate)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('b.creator.winRate')}</dt>
          <dd>{percent(game.winRate)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('b.creator.averageScore')}</dt>
          <dd>{formatNumber(Math.round(game.averageScore))}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">{t('b.creator.rating')}</dt>
          <dd data-testid="stat-rating">{ratingText(game.rating, game.ratings)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-3">
          <dt className="text-muted">{t('b.creator.hardestEasiest')}</dt>
          <dd>
            {game.hardest && game.easiest
              ? t('b.creator.hardestEasiestValue', { hardest: game.hardest.name, hardestRate: percent(game.hardest.foundRate), easiest: game.easiest.name, easiestRate: percent(game.easiest.foundRate) })
              : t('b.creator.hardestEasiestLater', { n: 20 })}
          </dd>
        </div>
      </dl>
      <div className="mt-3">
        <PlaysChart days={game.playsPerDay} label={t('b.creator.chart', { days: 30, total })} />
      </div>
    </li>
  );
}

/** The owner's per-game numbers (the server answers only for the logged-in creator's own games). */
export function CreatorStatsPanel() {
  const t = useT();
  const stats = useCreatorStats(true);
  return (
    <section aria-labelledby="creator-stats-title" className="mt-8" data-testid="creator-stats">
      <h2 id="creator-stats-title" className="mb-3 text-xl font-bold">
        {t('b.creator.title')}
      </h2>
      {stats.isPending && <p className="text-muted">{t('b.loading')}</p>}
      {stats.isError && <p role="alert">{t('b.creator.loadFailed', { error: stats.error.message })}</p>}
      {stats.data && stats.data.games.length === 0 && <p className="text-muted">{t('b.creator.empty')}</p>}
      {stats.data && stats.data.games.length > 0 && (
        <ul className="grid gap-3 lg:grid-cols-2">
          {stats.data.games.map((g) => (
            <GameStats key={g.uid} game={g} />
          ))}
        </ul>
      )}
    </section>
  );
}
