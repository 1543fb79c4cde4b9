/**
 * The gameOver modal: 'You Survived!' / 'You Erupted!', the score, the server's stats (per-item
 * found fractions, percentile, players, average, streaks), the countdown and Share. Admins can
 * open it mid-game (Show Stats): it is then titled 'Game Stats', reads the stats without a score
 * (a percentile of an unfinished score would mean nothing) and offers no Share. Share adds the
 * rarest-find line once the stats are known; the score distribution is drawn below the figures.
 */
import '../../../styles/full.css';
import { lazy, Suspense } from 'react';
import { useGameStats, type StatsTarget } from '../api.ts';
import type { StatsResponse } from '../../../api/generated/index.ts';
import type { Core } from '../../../core/wasm.ts';
import type { GameDef, GameView } from '../../../core/game.ts';
import { shareText, useSession, type SessionMeta } from '../stores/session.ts';
import { useSettings } from '../../../stores/settings.ts';
import { shareResult } from '../share.ts';
import { ResultDot } from '../../../components/icons.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Countdown } from './Countdown.tsx';
import { useUser } from '../../../stores/user.ts';

// The player's rank in each of their groups: loaded only when there is one to show.
const GroupRanks = lazy(() => import('../../groups/GroupRanks.tsx').then((m) => ({ default: m.GroupRanks })));

// Off the first guess's path: loaded with the first stats that have a distribution.
const ScoreChart = lazy(() => import('./ScoreChart.tsx').then((m) => ({ default: m.ScoreChart })));

/** The stats query's target for the game on screen. */
const statsTarget = (meta: SessionMeta | null): StatsTarget =>
  meta ? { key: meta.key, uid: meta.mode === 'community' ? meta.uid : undefined, date: meta.date ?? meta.key } : { key: '', date: '' };

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

function StatGrid({ stats, daily }: { stats: StatsResponse; daily: boolean }) {
  const cells: [string, string][] = [
    ['Players', String(stats.playerCount)],
    ['Average score', String(Math.round(stats.averageScore))],
    ['Percentile', stats.percentile === null ? '–' : `${stats.percentile}%`],
  ];
  if (daily) cells.push(['Played streak', String(stats.playedStreak)], ['Won streak', String(stats.wonStreak)]);
  return (
    <dl className="grid grid-cols-3 gap-2 text-center" data-testid="stats">
      {cells.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-surface px-2 py-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ItemFractions({ def, view, stats }: { def: GameDef; view: GameView; stats: StatsResponse | undefined }) {
  const found = new Set(view.found);
  return (
    <ul className="grid gap-1 text-sm" aria-label="How many players found each item">
      {def.items.map((it) => {
        const fraction = stats?.stats[String(it.id)];
        return (
          <li key={it.id} className="relative overflow-hidden rounded bg-surface px-3 py-1.5">
            {fraction !== undefined && (
              <span aria-hidden="true" className="absolute inset-y-0 left-0 bg-lava-red/25" style={{ width: percent(fraction) }} />
            )}
            <span className="relative flex justify-between gap-2">
              <span className={`flex items-center gap-2 ${found.has(it.id) ? 'font-semibold text-lava-yellow' : ''}`}>
                <ResultDot found={found.has(it.id)} /> {it.name}
              </span>
              <span className="tabular-nums">{fraction === undefined ? '' : percent(fraction)}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function GameOverModal({ core, onClose }: { core: Core; onClose: () => void }) {
  const { meta, def, view, submitted, submitError } = useSession();
  const dontShowFullUrl = useSettings((s) => s.dontShowFullUrl);
  const signedIn = useUser((s) => s.user !== null);
  // Stats include this player's result once it is stored; archive games never submit. Mid-game
  // (an admin's Show Stats) they are read at once, without a score.
  const ended = view?.gameOver === true;
  const ready = Boolean(meta && view && (!ended || meta.mode === 'archive' || submitted || submitError));
  const stats = useGameStats(statsTarget(meta), ended ? view.score : undefined, ready);
  if (!meta || !def || !view) return null;

  const share = () => {
    void shareResult(shareText(dontShowFullUrl ? undefined : shareUrl(meta), stats.data?.stats));
  };
  const pending = ended && meta.mode !== 'archive' && !submitted && !submitError;
  const title = ended ? (view.won ? 'You Survived!' : 'You Erupted!') : 'Game Stats';
  return (
    <Modal title={title} onClose={onClose} wide>
      <div className="grid gap-4">
        {!ended && (
          <p className="text-center text-sm text-muted" data-testid="in-progress">
            This game is still in progress: every answer is listed below.
          </p>
        )}
        <p className="text-center text-lg">
          {ended ? 'Score' : 'Score so far'}: <strong className="text-2xl tabular-nums" data-testid="final-score">{view.score}</strong>
        </p>
        {pending && (
          <p className="text-center text-sm text-muted" data-testid="submit-pending">
            {navigator.onLine ? 'Sending your result…' : 'You are offline: your result will be sent when you reconnect.'}
          </p>
        )}
        {stats.data && <StatGrid stats={stats.data} daily={meta.mode !== 'community'} />}
        {stats.data && stats.data.histogram.length > 0 && (
          <Suspense fallback={null}>
            <ScoreChart histogram={stats.data.histogram} score={ended ? view.score : undefined} />
          </Suspense>
        )}
        {stats.isError && <p className="text-center text-sm text-muted">Stats are unavailable right now.</p>}
        {ended && (
          <button type="button" className="btn btn-primary py-3 text-lg" onClick={share}>
            Share
          </button>
        )}
        {ended && submitted && signedIn && meta.mode === 'today' && <Suspense fallback={null}><GroupRanks /></Suspense>}
        <Countdown core={core} />
        <ItemFractions def={def} view={view} stats={stats.data} />
      </div>
    </Modal>
  );
}

/** The address the share text names: this game's own page. */
export function shareUrl(meta: SessionMeta): string {
  const origin = window.location.origin;
  if (meta.mode === 'community' && meta.uid) return `${origin}/community/${meta.uid}`;
  if (meta.mode === 'archive' && meta.date) return `${origin}/archive/${meta.date}`;
  return `${origin}/`;
}
