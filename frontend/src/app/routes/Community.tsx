/**
 * `community/{uid}/…`: a community game (features/game) with what other features put on its
 * page: the rating (features/community) and the report button (features/reports), each its own
 * chunk, loaded under the game, off the first guess's path.
 */
import { lazy } from 'react';
import { Community as CommunityGame } from '../../features/game/routes/Community.tsx';
import { withMessages } from '../../lib/i18n.ts';

const ReportButton = lazy(() => withMessages(import('../../features/reports/ReportButton.tsx').then((m) => ({ default: m.ReportButton }))));
const RatingPanel = lazy(() => withMessages(import('../../features/community/RatingPanel.tsx').then((m) => ({ default: m.RatingPanel }))));

export function Community() {
  return <CommunityGame RatingPanel={RatingPanel} ReportButton={ReportButton} />;
}
