/**
 * `explore/insights` (admins): the last 30 days' players and results, each daily game's win
 * rate, average score, hardest and easiest item, the most played community games, and what waits
 * for a decision. A small inline SVG chart (no chart library; axes titled and ticked, described
 * for screen readers, every figure also in the table) and a CSV download.
 */
import '../../styles/full.css';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Insights as InsightsData, InsightsDay } from '../../api/generated/index.ts';
import { useInsights } from './api.ts';
import { insightsCsv } from './csv.ts';
import { formatDate } from '../../lib/dates.ts';
import { t, useT } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/numbers.ts';

/** A count or average as the active locale writes it; a missing figure as a dash. */
const num = (n: number | undefined) => (n === undefined ? '–' : formatNumber(n));
const percent = (n: number | undefined) => (n === undefined ? '–' : t('b.insights.percent', { n }));

export function Insights() {
  const t = useT();
  const insights = useInsights();
  if (insights.isError) return <p role="alert">{t('b.insights.loadFailed', { error: insights.error.message })}</p>;
  if (!insights.data) return <p className="text-muted">{t('b.insights.loading')}</p>;
  const data = insights.data;
  return (
    <div className="grid gap-6">
      <h2 className="text-xl font-bold">{t('b.insights.title', { count: data.days.length })}</h2>
      <Tiles data={data} />
      <PlayersChart days={data.days} />
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => { download(data.days); }}>
          {t('b.insights.download')}
        </button>
      </div>
      <DaysTable days={data.days} />
      <section aria-labelledby="top-community">
        <h3 id="top-community" className="mb-2 text-lg font-bold">
          {t('b.insights.top')}
        </h3>
        {data.topCommunity.length === 0 ? (
          <p className="text-muted">{t('b.insights.noTop')}</p>
        ) : (
          <ol className="list-decimal ps-6">
            {data.topCommunity.map((game) => (
              <li key={game.uid}>
                <Link to={`/community/${encodeURIComponent(game.uid)}`} dir="auto" className="underline-offset-2 hover:underline">
                  {game.prompt}
                </Link>{' '}
                <span className="text-muted">
                  · {t('b.insights.topLine', { players: game.players, average: num(game.averageScore) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function Tiles({ data }: { data: InsightsData }) {
  useT();
  const tiles: [string, string][] = [
    [t('b.insights.winRate'), percent(data.winPercent)],
    [t('b.insights.averageScore'), num(data.averageScore)],
    [t('b.insights.openDisputes'), num(data.openDisputes)],
    [t('b.insights.openReports'), num(data.openReports)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 wide:grid-cols-4">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-line bg-surface p-3">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="text-2xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const CHART = { width: 640, height: 260, left: 52, right: 16, top: 14, bottom: 56 };
const PLOT_W = CHART.width - CHART.left - CHART.right;
const PLOT_H = CHART.height - CHART.top - CHART.bottom;
/** At most this many dates under the x axis (every day has a bar). */
const MAX_X_TICKS = 6;

const CHART_TEXT = {
  title: () => t('b.insights.chart.title'),
  region: () => t('b.insights.chart.region'),
  xAxis: () => t('b.insights.chart.xAxis'),
  yAxis: () => t('b.insights.chart.yAxis'),
  summary: (from: string, to: string, results: number, top: number) => t('b.insights.chart.summary', { from, to, results, top }),
  caption: () => t('b.insights.chart.caption'),
  bar: (d: InsightsDay) => t('b.insights.chart.bar', { date: formatDate(d.date), players: d.players, results: d.results }),
};

/** Ticks for counts 0..max: a whole 1, 2 or 5 step times a power of ten, about four; the last ≥ max. */
export function valueTicks(max: number): number[] {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.max(step, Math.ceil(Math.max(1, max) / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** Which days get a date under the x axis: evenly spaced, the last day always. */
export function dateTicks(count: number, most = MAX_X_TICKS): number[] {
  if (count === 0) return [];
  const every = Math.max(1, Math.ceil(count / most));
  return Array.from({ length: count }, (_, i) => i).filter((i) => (count - 1 - i) % every === 0);
}

/**
 * Players per day as bars, results per day as a line, on one scale, with both axes titled and
 * ticked. Described for screen readers by its title and summary; the table below has every figure.
 */
function PlayersChart({ days }: { days: InsightsDay[] }) {
  useT();
  const id = useId();
  const ticks = valueTicks(Math.max(0, ...days.map((d) => Math.max(d.players, d.results))));
  const top = ticks.at(-1) ?? 1;
  const step = PLOT_W / Math.max(1, days.length);
  const x = (i: number) => CHART.left + (i + 0.5) * step;
  const y = (n: number) => CHART.top + PLOT_H - (n / top) * PLOT_H;
  const line = days.map((d, i) => `${String(x(i))},${String(y(d.results))}`).join(' ');
  const results = days.reduce((sum, d) => sum + d.results, 0);
  const most = Math.max(0, ...days.map((d) => Math.max(d.players, d.results)));
  const summary = CHART_TEXT.summary(formatDate(days[0]?.date ?? ''), formatDate(days.at(-1)?.date ?? ''), results, most);
  const bottom = CHART.top + PLOT_H;
  return (
    <figure>
      {/* Focusable: on a phone the chart scrolls sideways. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={CHART_TEXT.region()}>
        <svg viewBox={`0 0 ${String(CHART.width)} ${String(CHART.height)}`} className="w-full min-w-[560px] text-muted" role="img" aria-labelledby={`${id}-title ${id}-desc`} data-testid="players-chart">
          <title id={`${id}-title`}>{CHART_TEXT.title()}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <g data-testid="y-axis" fontSize="12" fill="currentColor">
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={CHART.left} x2={CHART.width - CHART.right} y1={y(tick)} y2={y(tick)} className="stroke-line" strokeWidth={tick === 0 ? 1.5 : 0.75} />
                <text x={CHART.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                  {num(tick)}
                </text>
              </g>
            ))}
            <text transform={`translate(14 ${String(CHART.top + PLOT_H / 2)}) rotate(-90)`} textAnchor="middle" fontWeight="600">
              {CHART_TEXT.yAxis()}
            </text>
          </g>
          {days.map((d, i) => (
            <rect key={d.date} x={x(i) - step * 0.35} width={step * 0.7} y={y(d.players)} height={bottom - y(d.players)} className="fill-lava-red/70">
              <title>{CHART_TEXT.bar(d)}</title>
            </rect>
          ))}
          <polyline points={line} fill="none" strokeWidth={2} className="stroke-lava-yellow" />
          <g data-testid="x-axis" fontSize="12" fill="currentColor">
            {dateTicks(days.length).map((i) => (
              <g key={i}>
                <line x1={x(i)} x2={x(i)} y1={bottom} y2={bottom + 5} className="stroke-line" />
                <text x={x(i)} y={bottom + 18} textAnchor="middle">
                  {formatDate(days[i]?.date ?? '', { noYear: true })}
                </text>
              </g>
            ))}
            <text x={CHART.left + PLOT_W / 2} y={CHART.height - 8} textAnchor="middle" fontWeight="600">
              {CHART_TEXT.xAxis()}
            </text>
          </g>
        </svg>
      </div>
      <figcaption className="mt-1 text-sm text-muted">{CHART_TEXT.caption()}</figcaption>
    </figure>
  );
}

/** The table's column headings (message ids). */
const COLUMNS = ['b.insights.col.date', 'b.insights.col.players', 'b.insights.col.results', 'b.insights.col.daily', 'b.insights.col.winRate', 'b.insights.col.average', 'b.insights.col.hardest', 'b.insights.col.easiest'];

function DaysTable({ days }: { days: InsightsDay[] }) {
  useT();
  return (
    // Focusable, so the table scrolls sideways from the keyboard on a phone.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('b.insights.table.region')}>
      <table className="w-full min-w-[720px] text-start text-sm">
        <caption className="sr-only">{t('b.insights.table.caption')}</caption>
        <thead>
          <tr className="border-b border-line">
            {COLUMNS.map((h) => (
              <th key={h} scope="col" className="px-2 py-1 font-semibold">
                {t(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((d) => (
            <tr key={d.date} className="border-b border-line/50">
              <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                {formatDate(d.date)}
              </th>
              <td className="px-2 py-1">{num(d.players)}</td>
              <td className="px-2 py-1">{num(d.results)}</td>
              <td className="px-2 py-1">{d.dailyPrompt ? t('b.insights.withCount', { text: d.dailyPrompt, n: d.dailyPlayers }) : '–'}</td>
              <td className="px-2 py-1">{percent(d.winPercent)}</td>
              <td className="px-2 py-1">{num(d.averageScore)}</td>
              <td className="px-2 py-1">{d.hardest ? t('b.insights.itemPercent', { name: d.hardest.name, percent: percent(d.hardest.foundPercent) }) : '–'}</td>
              <td className="px-2 py-1">{d.easiest ? t('b.insights.itemPercent', { name: d.easiest.name, percent: percent(d.easiest.foundPercent) }) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function download(days: InsightsDay[]) {
  const url = URL.createObjectURL(new Blob([insightsCsv(days)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `lavalist-insights-${days.at(-1)?.date ?? 'today'}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
