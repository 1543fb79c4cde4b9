/**
 * `archive/{date}`: a past day. Not YYYY-MM-DD, or today or later for anyone but an admin, goes
 * to `/`. Admins play today and future days here too; for a signed-in user that decision waits
 * until the server has confirmed who they are. The day is the device's daily edition's (English's
 * when that edition had none that day), with the edition switch.
 */
import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { isLocale } from '../../../lib/locale.ts';
import { useGameByDate } from '../api.ts';
import { GameScreen } from '../components/GameScreen.tsx';
import { checkArchiveDate, toGameDef } from '../../../core/game.ts';
import { useCore, useToday } from '../../../core/useCore.ts';
import { useAdminStatus } from '../../../stores/admin.ts';
import type { SessionMeta } from '../stores/session.ts';
import { GameLoadError, GameSkeleton } from './GameLoader.tsx';
import { EditionSwitch } from '../components/EditionSwitch.tsx';
import { dailyKey, ENGLISH, useEdition } from '../../../lib/edition.ts';

export function Archive() {
  const core = useCore();
  const today = useToday(core);
  const date = useParams().date ?? '';
  const { admin, ready } = useAdminStatus();
  // Noon UTC of New York's `today` falls on that same New York date (UTC−4/−5), so the core
  // judges the date against today; `today` itself comes from the core's clock.
  const check = checkArchiveDate(core, date, Date.parse(`${today}T12:00:00Z`), admin);
  // A link into another edition's day (an admin's schedule, a list of that edition) names it.
  const [params] = useSearchParams();
  const deviceEdition = useEdition((s) => s.edition);
  const asked = params.get('edition');
  const edition = isLocale(asked) ? asked : deviceEdition;
  const game = useGameByDate(date, check.playable, edition);
  const def = useMemo(() => (game.data ? toGameDef({ ...game.data, date }, 'daily') : null), [game.data, date]);
  if (!check.playable) return check.valid && !ready ? <GameSkeleton /> : <Navigate to="/" replace />;
  if (game.isError) return <GameLoadError error={game.error} onRetry={() => void game.refetch()} />;
  if (!game.data || !def) return <GameSkeleton />;
  const served = game.data.edition ?? ENGLISH;
  const meta: SessionMeta = {
    mode: 'archive',
    key: dailyKey(date, served),
    date,
    edition: served,
    prompt: game.data.prompt,
    submitter: game.data.submitter,
    dayNumber: core.dayNumber(date),
  };
  return (
    <>
      <EditionSwitch game={game.data} archive />
      <GameScreen key={meta.key} core={core} def={def} meta={meta} today={today} editUid={game.data.uid} />
    </>
  );
}
