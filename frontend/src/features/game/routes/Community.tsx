/** `community/{uid}/…`: a community game; the uid is the second path segment. */
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import { useGameByUid } from '../api.ts';
import { GameScreen } from '../components/GameScreen.tsx';
import { toGameDef } from '../../../core/game.ts';
import { useCore, useToday } from '../../../core/useCore.ts';
import { communityKey } from '../../../stores/saves.ts';
import { useSession } from '../stores/session.ts';
import { isOwnProfile, useUser } from '../../../stores/user.ts';
import type { SessionMeta } from '../stores/session.ts';
import { GameLoadError, GameSkeleton } from './GameLoader.tsx';
import { withMessages } from '../../../lib/i18n.ts';

// Under the game, not on the first guess's path.
const ShareGameLinkButton = lazy(() => withMessages(import('../../../components/ShareGameLink.tsx').then((m) => ({ default: m.ShareGameLinkButton }))));

/**
 * What other features put on the page, passed in by the app (src/app/routes/Community.tsx): a
 * feature imports no other.
 */
export interface CommunityExtras {
  /** The game's average rating and, once this player's result is stored, stars to rate it. */
  RatingPanel: ComponentType<{ uid: string; className?: string }>;
  /** Reporting the game to the admins. */
  ReportButton: ComponentType<{ uid: string }>;
}

export function Community({ RatingPanel, ReportButton }: CommunityExtras) {
  const core = useCore();
  const today = useToday(core);
  const uid = useParams().uid ?? '';
  const game = useGameByUid(uid);
  const def = useMemo(() => (game.data ? toGameDef(game.data, 'community') : null), [game.data]);
  const over = useSession((s) => s.meta?.key === communityKey(uid) && Boolean(s.view?.gameOver));
  const username = useUser((s) => s.user?.username ?? null);
  if (!uid) return <Navigate to="/" replace />;
  if (game.isError) return <GameLoadError error={game.error} onRetry={() => void game.refetch()} />;
  if (!game.data || !def) return <GameSkeleton />;
  // The creator's own game: a link to pass on (once it is public, others can open it).
  const own = username !== null && game.data.submitter !== '' && isOwnProfile(game.data.submitter, username);
  const meta: SessionMeta = { mode: 'community', key: communityKey(uid), uid, prompt: game.data.prompt, submitter: game.data.submitter };
  // Once the game is over the rating sits under the result, above the answers (where a player
  // who just finished looks); while it is played, its average stays under the game.
  const rating = (
    <Suspense fallback={null}>
      <RatingPanel uid={uid} className="mt-4 rounded-lg border border-line bg-surface px-3 py-3 text-center" />
    </Suspense>
  );
  return (
    <>
      <GameScreen key={uid} core={core} def={def} meta={meta} today={today} editUid={uid} endSlot={rating} />
      <Suspense fallback={null}>
        {!over && <RatingPanel uid={uid} />}
        {own && game.data.public !== false && <ShareGameLinkButton uid={uid} prompt={game.data.prompt} />}
        <ReportButton uid={uid} />
      </Suspense>
    </>
  );
}
