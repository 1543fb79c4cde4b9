/**
 * What the end screen (the gameOver modal and the next steps where the guess box was) shares:
 * the stats query of the game on screen, the Share action, and its words. Loaded with those
 * lazy pieces only, never with the first screen.
 */
import { useGameStats, type StatsTarget } from '../api.ts';
import type { Standing, StatsResponse } from '../../../api/generated/index.ts';
import { shareText, useSession, type SessionMeta } from '../stores/session.ts';
import { useSettings } from '../../../stores/settings.ts';
import { shareResult, shareWords } from '../../../lib/share.ts';
import { shareParamFor } from '../../../stores/shareParams.ts';
import { ENGLISH } from '../../../lib/edition.ts';
import { appLink } from '../../../lib/links.ts';
import type { Translate } from '../../../lib/i18n.ts';

type Mode = SessionMeta['mode'];

/** The end screen's messages (ids in the `more` catalogue: the end screen is never the first). */
export const END_SCREEN_TEXT = {
  first: {
    today: 'a.end.first.today',
    community: 'a.end.first.community',
    archive: 'a.end.first.archive',
  } satisfies Record<Mode, string>,
  ofPlayers: 'a.end.ofPlayers',
  /** Below the minimum sample: why the figures about the others are missing. */
  fewPlayers: 'a.end.fewPlayers',
  yourResult: 'a.end.yourResult',
  stats: 'a.end.stats',
  players: 'a.end.players',
  average: 'a.end.average',
  playedStreak: 'a.end.playedStreak',
  wonStreak: 'a.end.wonStreak',
  findRates: 'a.end.findRates',
  answers: 'a.end.answers',
  found: 'a.end.found',
  wrong: 'a.end.wrong',
  hints: 'a.end.hints',
  share: 'a.end.share',
};

/** The headline for where the score stands: a sentence for the first, a rank otherwise. */
export function standingText(t: Translate, standing: Standing, mode: Mode): string {
  switch (standing.kind) {
    case 'first':
      return t(END_SCREEN_TEXT.first[mode]);
    case 'best':
      return t('a.end.best', { tied: standing.tied });
    case 'top':
      return t('a.end.top', { percent: standing.percent });
  }
}

/** The stats query's target for the game on screen. */
const statsTarget = (meta: SessionMeta | null): StatsTarget =>
  meta
    ? { key: meta.key, uid: meta.mode === 'community' ? meta.uid : undefined, date: meta.date ?? meta.key, edition: meta.edition }
    : { key: '', date: '' };

/**
 * The stats of the game on screen. They include this player's result once it is stored, so a
 * finished game waits for the submission (archive games never submit). Mid-game (an admin's
 * Show Stats) they are read at once, without a score.
 */
export function useEndStats() {
  const { meta, view, submitted, submitError } = useSession();
  const ended = view?.gameOver === true;
  const ready = Boolean(meta && view && (!ended || meta.mode === 'archive' || submitted || submitError));
  return useGameStats(statsTarget(meta), ended ? view.score : undefined, ready);
}

/**
 * The day's figures with this player's result in them. An archive replay is never submitted
 * (spec §5), so right after winning a day nobody else played the stats said "Players 0": the
 * player and their score count here, as the standing already counts them (`standing`). A
 * replay of a day already finished here (`keepOldSave`: its result is stored) is counted already.
 */
export function withOwnResult(stats: StatsResponse, score: number): StatsResponse {
  const players = stats.playerCount + 1;
  const average = stats.averageScore === null ? null : (stats.averageScore * stats.playerCount + score) / players;
  return { ...stats, playerCount: players, averageScore: average };
}

/** Whether the stats on screen leave this player's finished result out (an archive replay). */
export function ownResultMissing(mode: Mode, ended: boolean, keepOldSave: boolean): boolean {
  return mode === 'archive' && ended && !keepOldSave;
}

/** Share: the core's text (with the rarest find once the stats give find rates), in the interface's language. */
export function useShare(): () => void {
  const meta = useSession((s) => s.meta);
  const dontShowFullUrl = useSettings((s) => s.dontShowFullUrl);
  const stats = useEndStats();
  return () => {
    if (!meta) return;
    void shareResult(shareText(dontShowFullUrl ? undefined : shareUrl(meta, shareParamFor(meta.key)), stats.data?.stats, shareWords()));
  };
}

/**
 * The address the share text names: this game's own page, with the server's signed result
 * parameter when the result is stored (its link preview then shows the circles and the score;
 * server/src/domains/previews). Offline, or before the server answered, the plain address. A daily of
 * another edition than English names it (`edition=`): the preview, in that edition's language,
 * and an archive link then show that edition's game.
 */
export function shareUrl(meta: SessionMeta, resultParam?: string): string {
  if (meta.mode === 'community' && meta.uid) return appLink(`/community/${meta.uid}${query([['r', resultParam]])}`);
  const q = query([
    ['edition', meta.edition === ENGLISH ? undefined : meta.edition],
    ['r', resultParam],
  ]);
  if (meta.mode === 'archive' && meta.date) return appLink(`/archive/${meta.date}${q}`);
  return appLink(`/${q}`);
}

/** `?name=value&…` of the parameters that have a value; nothing when none has. */
function query(params: [string, string | undefined][]): string {
  const present = params.flatMap(([name, value]) => (value ? [`${name}=${encodeURIComponent(value)}`] : []));
  return present.length ? `?${present.join('&')}` : '';
}
