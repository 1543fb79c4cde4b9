/**
 * `explore/{subpath?}/{page?}` (features/explore) with what other features put in it: the admins'
 * pages, reported games (features/reports), insights (features/insights) and disputes
 * (features/admin), each its own chunk loaded when its tab opens, and the admins' review menu on
 * the cards (features/admin).
 */
import { lazy, type ReactNode } from 'react';
import { Explore as ExploreLists, type AdminPage } from '../../features/explore/Explore.tsx';
import { CardMenu } from '../../features/admin/CardMenu.tsx';
import { withMessages } from '../../lib/i18n.ts';

const ReportedGames = lazy(() => withMessages(import('../../features/reports/ReportedGames.tsx').then((m) => ({ default: m.ReportedGames }))));
const Insights = lazy(() => withMessages(import('../../features/insights/Insights.tsx').then((m) => ({ default: m.Insights }))));
const Disputes = lazy(() => withMessages(import('../../features/admin/Disputes.tsx').then((m) => ({ default: m.Disputes }))));

const ADMIN_PAGES: Record<AdminPage, ReactNode> = {
  reports: <ReportedGames />,
  insights: <Insights />,
  disputes: <Disputes />,
};

export function Explore() {
  return <ExploreLists adminPages={ADMIN_PAGES} CardMenu={CardMenu} />;
}
