/** `community/{uid}/…`: a community game; the uid is the second path segment. */
import { lazy, Suspense, useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { useGameByUid } from '../api.ts';
import { GameScreen } from '../components/GameScreen.tsx';
import { toGameDef } from '../../../core/game.ts';
import { useCore, useToday } from '../../../core/useCore.ts';
import { communityKey } from '../stores/saves.ts';
import type { SessionMeta } from '../stores/session.ts';
import { GameLoadError, GameSkeleton } from './GameLoader.tsx';
import { withMessages } from '../../../lib/i18n.ts';

// Under the game, not on the first guess's path.
const ReportButton = lazy(() => withMessages(import('../../reports/ReportButton.tsx').then((m) => ({ default: m.ReportButton }))));
const RatingPanel = lazy(() => withMessages(import('../../community/RatingPanel.tsx').then((m) => ({ default: m.RatingPanel }))));

export function Community() {
  const core = useCore();
  const today = useToday(core);
  const uid = useParams().uid ?? '';
  const game = useGameByUid(uid);
  const def = useMemo(() => (game.data ? toGameDef(game.data, 'community') : null), [game.data]);
  if (!uid) return <Navigate to="/" replace />;
  if (game.isError) return <GameLoadError error={game.error} onRetry={() => void game.refetch()} />;
  if (!game.data || !def) return <GameSkeleton />;
  const meta: SessionMeta = { mode: 'community', key: communityKey(uid), uid, prompt: game.data.prompt, submitter: game.data.submitter };
  return (
    <>
      <GameScreen key={uid} core={core} def={def} meta={meta} today={today} editUid={uid} />
      <Suspense fallback={null}>
        <RatingPanel uid={uid} />
        <ReportButton uid={uid} />
      </Suspense>
    </>
  );
}
