/**
 * The game's end dialog (features/game) with what other features put in it: "Challenge a friend"
 * (features/challenges) and the player's ranks in their groups (features/groups). Loaded when the
 * dialog first opens, or warmed up a second after start (../Modals.tsx).
 */
import { lazy } from 'react';
import type { Core } from '../../core/wasm.ts';
import { GameOverModal as GameOverDialog } from '../../features/game/components/GameOverModal.tsx';
import { withMessages } from '../../lib/i18n.ts';

// The player's rank in each of their groups: loaded only when there is one to show.
const GroupRanks = lazy(() => withMessages(import('../../features/groups/GroupRanks.tsx').then((m) => ({ default: m.GroupRanks }))));

// "Challenge a friend": its own chunk, loaded when a finished game's modal opens.
const ChallengeButton = lazy(() => withMessages(import('../../features/challenges/ChallengeButton.tsx').then((m) => ({ default: m.ChallengeButton }))));

export function GameOverModal({ core, onClose }: { core: Core; onClose: () => void }) {
  return <GameOverDialog core={core} onClose={onClose} ChallengeButton={ChallengeButton} GroupRanks={GroupRanks} />;
}
