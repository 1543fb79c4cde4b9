/** `archive/{date}`: a past day. Not YYYY-MM-DD, or today or later (non-admins), goes to `/`. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { fetchGameByDate } from '../api/endpoints.ts';
import { GameScreen } from '../components/game/GameScreen.tsx';
import { checkArchiveDate, toGameDef } from '../core/game.ts';
import { useCore, useToday } from '../core/useCore.ts';
import type { SessionMeta } from '../store/session.ts';
import { GameLoadError, GameSkeleton } from './GameLoader.tsx';

/** Guests only so far: admin sessions come with the accounts work. */
const IS_ADMIN = false;

export function Archive() {
  const core = useCore();
  const today = useToday(core);
  const date = useParams().date ?? '';
  // Noon UTC of New York's `today` falls on that same New York date (UTC−4/−5), so the core
  // judges the date against today; `today` itself comes from the core's clock.
  const check = checkArchiveDate(core, date, Date.parse(`${today}T12:00:00Z`), IS_ADMIN);
  const game = useQuery({
    queryKey: ['game', 'date', date],
    queryFn: ({ signal }) => fetchGameByDate(date, signal),
    enabled: check.playable,
    staleTime: 5 * 60_000,
  });
  const def = useMemo(() => (game.data ? toGameDef({ ...game.data, date }, 'daily') : null), [game.data, date]);
  if (!check.playable) return <Navigate to="/" replace />;
  if (game.isError) return <GameLoadError error={game.error} onRetry={() => void game.refetch()} />;
  if (!game.data || !def) return <GameSkeleton />;
  const meta: SessionMeta = {
    mode: 'archive',
    key: date,
    date,
    prompt: game.data.prompt,
    submitter: game.data.submitter,
    dayNumber: core.dayNumber(date),
  };
  return <GameScreen key={date} core={core} def={def} meta={meta} today={today} />;
}
