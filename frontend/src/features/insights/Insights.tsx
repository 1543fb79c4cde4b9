/**
 * `explore/insights` (admins): the last 30 days' players and results, each daily game's win
 * rate, average score, hardest and easiest item, the most played community games, and what waits
 * for a decision. A small inline SVG chart (no chart library) and a CSV download.
 */
import '../../styles/full.css';
import { Link } from 'react-router';
import type { Insights as InsightsData, InsightsDay } from '../../api/generated/index.ts';
import { useInsights } from './api.ts';
import { insightsCsv } from './csv.ts';

export function Insights() {
  const insights = useInsights();
  if (insights.isError) return <p role="alert">The insights could not be loaded: {insights.error.message}</p>;
  if (!insights.data) return <p className="text-muted">Loading insights…</p>;
  const data = insights.data;
  return (
    <div className="grid gap-6">
      <h2 className="text-xl font-bold">Insights: the last {data.days.length} days</h2>
      <Tiles data={data} />
      <PlayersChart days={data.days} />
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => { download(data.days); }}>
          Download CSV
        </button>
      </div>
      <DaysTable days={data.days} />
      <section aria-labelledby="top-community">
        <h3 id="top-community" className="mb-2 text-lg font-bold">
          Most played community games
        </h3>
        {data.topCommunity.length === 0 ? (
          <p className="text-muted">No community game has been played yet.</p>
        ) : (
          <ol className="list-decimal pl-6">
            {data.topCommunity.map((game) => (
              <li key={game.uid}>
                <Link to={`/community/${encodeURIComponent(game.uid)}`} className="underline-offset-2 hover:underline">
                  {game.prompt}
                </Link>{' '}
                <span className="text-muted">
                  · {game.players} players · average {game.averageScore}
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
  const tiles: [string, string][] = [
    ['Daily win rate', data.winPercent === undefined ? '–' : `${data.winPercent}%`],
    ['Average daily score', data.averageScore === undefined ? '–' : String(data.averageScore)],
    ['Open disputes', String(data.openDisputes)],
    ['Open reports', String(data.openReports)],
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

const CHART_W = 600;
const CHART_H = 160;

/** Players per day as bars, results per day as a line, on one scale. */
function PlayersChart({ days }: { days: InsightsDay[] }) {
  const top = Math.max(1, ...days.map((d) => Math.max(d.players, d.results)));
  const step = CHART_W / Math.max(1, days.length);
  const y = (n: number) => CHART_H - (n / top) * (CHART_H - 10);
  const line = days.map((d, i) => `${(i + 0.5) * step},${y(d.results)}`).join(' ');
  const total = (pick: (d: InsightsDay) => number) => days.reduce((sum, d) => sum + pick(d), 0);
  const summary = `Players and results per day from ${days[0]?.date ?? ''} to ${days.at(-1)?.date ?? ''}: ${total((d) => d.results)} results, at most ${top} a day.`;
  return (
    <figure>
      <svg viewBox={`0 0 ${CHART_W} ${CHART_H}`} preserveAspectRatio="none" className="h-40 w-full" role="img" aria-label={summary}>
        {days.map((d, i) => (
          <rect key={d.date} x={i * step + step * 0.15} width={step * 0.7} y={y(d.players)} height={CHART_H - y(d.players)} className="fill-lava-red/70">
            <title>{`${d.date}: ${d.players} players, ${d.results} results`}</title>
          </rect>
        ))}
        <polyline points={line} fill="none" strokeWidth={2} vectorEffect="non-scaling-stroke" className="stroke-lava-yellow" />
      </svg>
      <figcaption className="mt-1 text-sm text-muted">Bars: players a day. Line: results a day (any game).</figcaption>
    </figure>
  );
}

function DaysTable({ days }: { days: InsightsDay[] }) {
  const percent = (n: number | undefined) => (n === undefined ? '–' : `${n}%`);
  return (
    // Focusable, so the table scrolls sideways from the keyboard on a phone.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Each day">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Each day: players, results and the daily game&apos;s figures</caption>
        <thead>
          <tr className="border-b border-line">
            {['Date', 'Players', 'Results', 'Daily game', 'Win rate', 'Average', 'Hardest item', 'Easiest item'].map((h) => (
              <th key={h} scope="col" className="px-2 py-1 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((d) => (
            <tr key={d.date} className="border-b border-line/50">
              <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                {d.date}
              </th>
              <td className="px-2 py-1">{d.players}</td>
              <td className="px-2 py-1">{d.results}</td>
              <td className="px-2 py-1">{d.dailyPrompt ? `${d.dailyPrompt} (${d.dailyPlayers})` : '–'}</td>
              <td className="px-2 py-1">{percent(d.winPercent)}</td>
              <td className="px-2 py-1">{d.averageScore ?? '–'}</td>
              <td className="px-2 py-1">{d.hardest ? `${d.hardest.name} (${d.hardest.foundPercent}%)` : '–'}</td>
              <td className="px-2 py-1">{d.easiest ? `${d.easiest.name} (${d.easiest.foundPercent}%)` : '–'}</td>
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
