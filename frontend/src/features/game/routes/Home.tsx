/** `/`: today's daily game (New York date from the core); a placeholder day sends the player to a recent archive day. */
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { fetchPreviousDays, useGameByDate } from '../api.ts';
import { GameScreen } from '../components/GameScreen.tsx';
import { toGameDef } from '../../../core/game.ts';
import { addDays, randomRecentDay } from '../../../lib/dates.ts';
import { useCore, useToday } from '../../../core/useCore.ts';
import type { SessionMeta } from '../stores/session.ts';
import { toast } from '../../../stores/toasts.ts';
import { GameLoadError, GameSkeleton } from './GameLoader.tsx';

const RECENT_DAYS = 30;

/** A random day among the last 30 that has a game (any of the 30 if the list cannot load). */
export async function recentArchiveDay(today: string, random = Math.random): Promise<string> {
  try {
    const oldest = addDays(today, -RECENT_DAYS);
    const dates = (await fetchPreviousDays()).games.flatMap((g) => (g.date && g.date >= oldest && g.date < today ? [g.date] : []));
    const pick = dates[Math.floor(random() * dates.length)];
    if (pick) return pick;
  } catch {
    // offline or failing: fall back to any recent date
  }
  return randomRecentDay(today, RECENT_DAYS, random);
}

export function Home() {
  const core = useCore();
  const today = useToday(core);
  const navigate = useNavigate();
  const game = useGameByDate(today);
  const missing = game.data?.prompt === core.placeholderPrompt();

  useEffect(() => {
    if (!missing) return;
    toast({ title: 'No game is set for today.', description: 'Here is a random day from the last month instead.', status: 'warning', duration: 5000 });
    void recentArchiveDay(today).then((day) => { void navigate(`/archive/${day}`, { replace: true }); });
  }, [missing, today, navigate]);

  const def = useMemo(() => (game.data ? toGameDef({ ...game.data, date: game.data.date ?? today }, 'daily') : null), [game.data, today]);
  if (game.isError) return <GameLoadError error={game.error} onRetry={() => void game.refetch()} />;
  if (!game.data || !def || missing) return <GameSkeleton />;
  const meta: SessionMeta = {
    mode: 'today',
    key: today,
    date: today,
    prompt: game.data.prompt,
    submitter: game.data.submitter,
    dayNumber: core.dayNumber(today),
  };
  return <GameScreen key={today} core={core} def={def} meta={meta} today={today} editUid={game.data.uid} />;
}
