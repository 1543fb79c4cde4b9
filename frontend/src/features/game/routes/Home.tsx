/**
 * `/`: today's daily game (New York date from the core) in the player's daily edition (English
 * when that edition has none today), with the edition switch; a placeholder day sends the player
 * to a recent archive day.
 */
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { fetchPreviousDays } from '../../../api/games.ts';
import { primeTodaysGame, useTodaysGame } from '../../../stores/todayGame.ts';
import type { Game } from '../../../api/generated/index.ts';
import type { Core } from '../../../core/wasm.ts';
import { playEarlyGuesses } from '../earlyGuesses.ts';
import { GameScreen } from '../components/GameScreen.tsx';
import { toGameDef } from '../../../core/game.ts';
import { addDays, randomRecentDay } from '../../../lib/days.ts';
import { useCore, useToday } from '../../../core/useCore.ts';
import { useSession, type SessionMeta } from '../stores/session.ts';
import { toast } from '../../../stores/toasts.ts';
import { GameLoadError, GameSkeleton } from './GameLoader.tsx';
import { t } from '../../../lib/i18n.ts';
import { dailyKey, ENGLISH, useEdition } from '../../../lib/edition.ts';
import { EditionSwitch } from '../components/EditionSwitch.tsx';

const RECENT_DAYS = 30;

/** A random day among the last 30 that has a game (any of the 30 if the list cannot load). */
export async function recentArchiveDay(today: string, random = Math.random, edition?: string): Promise<string> {
  try {
    const oldest = addDays(today, -RECENT_DAYS);
    const dates = (await fetchPreviousDays(undefined, edition)).games.flatMap((g) => (g.date && g.date >= oldest && g.date < today ? [g.date] : []));
    const pick = dates[Math.floor(random() * dates.length)];
    if (pick) return pick;
  } catch {
    // offline or failing: fall back to any recent date
  }
  return randomRecentDay(today, RECENT_DAYS, random);
}

/** Today's game as the game screen plays it; each edition's under its own save key. */
function todaysGame(core: Core, game: Game, today: string) {
  const def = toGameDef({ ...game, date: game.date ?? today }, 'daily');
  const edition = game.edition ?? ENGLISH;
  const meta: SessionMeta = {
    mode: 'today',
    key: dailyKey(today, edition),
    date: today,
    edition,
    prompt: game.prompt,
    submitter: game.submitter,
    dayNumber: core.dayNumber(today),
  };
  return { def, meta };
}

/**
 * Starts today's game, when the server put it in the page, before the app's first render
 * (app/start.tsx), and plays the guesses made before the app ran: the first render then shows the
 * game as it stands instead of rendering again once GameScreen has started it (which adopts it).
 */
export function startEmbeddedToday(core: Core): void {
  const today = core.todayNewYork(Date.now());
  const game = primeTodaysGame(today, useEdition.getState().edition);
  if (!game || game.prompt === core.placeholderPrompt()) return;
  const { def, meta } = todaysGame(core, game, today);
  useSession.getState().start(core, def, meta, today);
  playEarlyGuesses();
}

export function Home() {
  const core = useCore();
  const today = useToday(core);
  const navigate = useNavigate();
  const edition = useEdition((s) => s.edition);
  const game = useTodaysGame(today, edition);
  const missing = game.data?.prompt === core.placeholderPrompt();

  useEffect(() => {
    if (!missing) return;
    toast({ title: t('game.noDaily'), description: t('game.noDaily.instead'), status: 'warning', duration: 5000 });
    void recentArchiveDay(today).then((day) => { void navigate(`/archive/${day}`, { replace: true }); });
  }, [missing, today, navigate]);

  const played = useMemo(() => (game.data ? todaysGame(core, game.data, today) : null), [core, game.data, today]);
  if (game.isError) return <GameLoadError error={game.error} onRetry={() => void game.refetch()} />;
  if (!game.data || !played || missing) return <GameSkeleton />;
  const { def, meta } = played;
  return (
    <>
      <EditionSwitch game={game.data} />
      <GameScreen key={meta.key} core={core} def={def} meta={meta} today={today} editUid={game.data.uid} />
    </>
  );
}
