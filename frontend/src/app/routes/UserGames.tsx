/**
 * `user/{profileName}`: a player's community games (features/accounts) with the creator's
 * numbers (features/community), their own chunk, loaded under the page.
 */
import { lazy } from 'react';
import { UserGames as UserGamesPage } from '../../features/accounts/UserGames.tsx';
import { withMessages } from '../../lib/i18n.ts';

const CreatorTotalsLine = lazy(() => withMessages(import('../../features/community/CreatorStats.tsx').then((m) => ({ default: m.CreatorTotalsLine }))));
const CreatorStatsPanel = lazy(() => withMessages(import('../../features/community/CreatorStats.tsx').then((m) => ({ default: m.CreatorStatsPanel }))));

export function UserGames() {
  return <UserGamesPage CreatorTotalsLine={CreatorTotalsLine} CreatorStatsPanel={CreatorStatsPanel} />;
}
