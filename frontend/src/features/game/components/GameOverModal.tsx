/**
 * The gameOver modal: 'You Survived!' / 'You Erupted!', the score, where it stands (the first to
 * finish, the best score, or the top N %), the player's own result (found, wrong guesses, hints),
 * the server's figures (players, average, streaks on today's game), the countdown and Share.
 * Figures about the other players (the average, the rank, each answer's find rate, the score
 * distribution) come only from enough players (the server's minimum sample): below it the modal
 * says how many have finished instead. Admins can open it mid-game (Show Stats): it is then
 * titled 'Game Stats', reads the stats without a score (a rank of an unfinished score would mean
 * nothing) and offers no Share. Share adds the rarest-find line once the stats give find rates.
 */
import '../../../styles/full.css';
import { lazy, Suspense, type ComponentType } from 'react';
import type { StatsResponse } from '../../../api/generated/index.ts';
import type { Core } from '../../../core/wasm.ts';
import type { GameDef, GameView } from '../../../core/game.ts';
import { readRules } from '../../../core/game.ts';
import { useSession, type SessionMeta } from '../stores/session.ts';
import { ResultDot } from '../../../components/badgeIcons.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Countdown } from './Countdown.tsx';
import { useUser } from '../../../stores/user.ts';
import { END_SCREEN_TEXT as TEXT, ownResultMissing, standingText, useEndStats, useShare, withOwnResult } from './endScreen.ts';
import { useLocale, useT, withMessages } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { Trans } from '../../../components/Trans.tsx';

// Off the first guess's path: loaded with the first stats that have a distribution.
const ScoreChart = lazy(() => withMessages(import('./ScoreChart.tsx').then((m) => ({ default: m.ScoreChart }))));

const percent = (fraction: number) => `${String(Math.round(fraction * 100))}%`;

/** A find rate as the interface's language writes a percentage. */
const percentFormat = (locale: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });

/** Where the score stands, or (below the minimum sample) how many have finished. */
function StandingLine({ stats, mode }: { stats: StatsResponse; mode: SessionMeta['mode'] }) {
  const t = useT();
  const { standing, playerCount, enoughPlayers, minPlayers } = stats;
  return (
    <div className="grid gap-1 text-center">
      {standing && (
        <p className="text-xl font-bold text-lava-yellow" data-testid="standing">
          {standingText(t, standing, mode)}
          {standing.kind === 'top' && <span className="block text-sm font-normal text-muted">{t(TEXT.ofPlayers, { players: playerCount })}</span>}
        </p>
      )}
      {!enoughPlayers && standing?.kind !== 'first' && (
        <p className="text-sm text-muted" data-testid="few-players">
          {t(TEXT.fewPlayers, { players: playerCount, min: minPlayers })}
        </p>
      )}
    </div>
  );
}

/** Columns by the number of cells: four go two by two on a phone, in one row when wider. */
const COLUMNS = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-2 sm:grid-cols-4'];

function Cells({ cells, label, testId }: { cells: [string, string][]; label: string; testId: string }) {
  return (
    <div className="grid gap-1">
      <h3 className="sr-only">{label}</h3>
      <dl className={`grid ${COLUMNS[cells.length] ?? 'grid-cols-3'} gap-2 text-center`} data-testid={testId}>
        {cells.map(([name, value]) => (
          <div key={name} className="rounded-lg bg-surface px-2 py-2">
            {/* Japanese and Chinese labels break between phrases, never mid-word (プレイ|連続記録). */}
            <dt className="text-xs text-muted break-keep wrap-anywhere supports-[word-break:auto-phrase]:[word-break:auto-phrase]">{name}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The player's own result: always there, whatever the stats say (an archive day included). */
function OwnResult({ core, def, view }: { core: Core; def: GameDef; view: GameView }) {
  const t = useT();
  const rules = readRules(core);
  const cells: [string, string][] = [
    [t(TEXT.found), t('game.counter.fraction', { n: view.correct, of: def.items.length })],
    [t(TEXT.wrong), t('game.counter.fraction', { n: view.wrong, of: rules.maxWrong })],
    [t(TEXT.hints), t('game.counter.fraction', { n: view.hintsUsed, of: rules.maxHints })],
  ];
  return <Cells cells={cells} label={t(TEXT.yourResult)} testId="own-result" />;
}

function StatGrid({ stats, streaks }: { stats: StatsResponse; streaks: boolean }) {
  const t = useT();
  const n = (value: number) => t('game.number', { n: value });
  const cells: [string, string][] = [[t(TEXT.players), n(stats.playerCount)]];
  if (stats.averageScore !== null) cells.push([t(TEXT.average), n(Math.round(stats.averageScore))]);
  if (streaks) cells.push([t(TEXT.playedStreak), n(stats.playedStreak)], [t(TEXT.wonStreak), n(stats.wonStreak)]);
  return <Cells cells={cells} label={t(TEXT.stats)} testId="stats" />;
}

function ItemFractions({ def, view, stats }: { def: GameDef; view: GameView; stats: StatsResponse | undefined }) {
  const t = useT();
  const shown = percentFormat(useLocale());
  const found = new Set(view.found);
  const rates = stats?.enoughPlayers === true;
  return (
    <ul className="grid gap-1 text-sm" aria-label={t(rates ? TEXT.findRates : TEXT.answers)}>
      {def.items.map((it) => {
        const fraction = rates ? stats.stats[String(it.id)] : undefined;
        return (
          <li key={it.id} className="relative overflow-hidden rounded bg-surface px-3 py-1.5">
            {fraction !== undefined && (
              <span aria-hidden="true" className="absolute inset-y-0 start-0 bg-lava-red/25" style={{ width: percent(fraction) }} />
            )}
            <span className="relative flex justify-between gap-2">
              <span className={`flex items-center gap-2 ${found.has(it.id) ? 'font-semibold text-lava-yellow' : ''}`}>
                <ResultDot found={found.has(it.id)} /> <span dir="auto">{it.name}</span>
              </span>
              <span className="tabular-nums">{fraction === undefined ? '' : shown.format(Math.round(fraction * 100) / 100)}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What other features put in the dialog, passed in by the app (src/app/modals/GameOverModal.tsx):
 * a feature imports no other.
 */
export interface GameOverExtras {
  /** "Challenge a friend", under Share once the game is over. */
  ChallengeButton: ComponentType<{ meta: SessionMeta; score: number }>;
  /** The player's rank in each of their groups, once today's result is stored (signed in). */
  GroupRanks: ComponentType;
}

export function GameOverModal({ core, onClose, ChallengeButton, GroupRanks }: { core: Core; onClose: () => void } & GameOverExtras) {
  const t = useT();
  const locale = useLocale();
  const { meta, def, view, submitted, submitError, keepOldSave } = useSession();
  const signedIn = useUser((s) => s.user !== null);
  const stats = useEndStats();
  const share = useShare();
  if (!meta || !def || !view) return null;

  const ended = view.gameOver;
  const counted = stats.data && ownResultMissing(meta.mode, ended, keepOldSave) ? withOwnResult(stats.data, view.score) : stats.data;
  const pending = ended && meta.mode !== 'archive' && !submitted && !submitError;
  const title = ended ? t(view.won ? 'a.end.survived' : 'a.end.erupted') : t('a.end.gameStats');
  return (
    <Modal title={title} onClose={onClose} wide>
      <div className="grid gap-4">
        {!ended && (
          <p className="text-center text-sm text-muted" data-testid="in-progress">
            {t('a.end.inProgress')}
          </p>
        )}
        <p className="text-center text-lg">
          <Trans
            id={ended ? 'a.end.score' : 'a.end.scoreSoFar'}
            components={{ 0: <strong className="text-2xl tabular-nums" data-testid="final-score">{formatNumber(view.score, locale)}</strong> }}
          />
        </p>
        {counted && <StandingLine stats={counted} mode={meta.mode} />}
        <OwnResult core={core} def={def} view={view} />
        {pending && (
          <p className="text-center text-sm text-muted" data-testid="submit-pending">
            {t(navigator.onLine ? 'a.end.sending' : 'a.end.offline')}
          </p>
        )}
        {counted && <StatGrid stats={counted} streaks={meta.mode === 'today'} />}
        {stats.data && stats.data.histogram.length > 0 && (
          <Suspense fallback={null}>
            <ScoreChart histogram={stats.data.histogram} score={ended ? view.score : undefined} />
          </Suspense>
        )}
        {stats.isError && <p className="text-center text-sm text-muted">{t('a.end.statsUnavailable')}</p>}
        {ended && (
          <button type="button" className="btn btn-primary py-3 text-lg" onClick={share}>
            {t(TEXT.share)}
          </button>
        )}
        {ended && (
          <Suspense fallback={null}>
            <ChallengeButton meta={meta} score={view.score} />
          </Suspense>
        )}
        {ended && submitted && signedIn && meta.mode === 'today' && <Suspense fallback={null}><GroupRanks /></Suspense>}
        <Countdown core={core} />
        <ItemFractions def={def} view={view} stats={stats.data} />
      </div>
    </Modal>
  );
}
