/**
 * The routes (spec §2). Any unknown path, and any error while rendering a route, redirect to
 * `/`. react-router in declarative mode (`<BrowserRouter>` and `<Routes>`), not its data mode
 * (`createBrowserRouter`): this app loads its data with TanStack Query, so loaders, actions and
 * fetchers would go unused, and data mode adds ~31 KB gzipped to the first download against
 * ~13 KB for declarative mode. What data mode would give beyond that, `useBlocker` and
 * `<ScrollRestoration>`, is here for one page and a few lines: the create page's guard
 * (features/game-form/Create.tsx with lib/historyGuard.ts) and ./ScrollRestoration.tsx.
 * Screens other than the first one are `lazy()`, each with the query client
 * (lib/lazyWithQueries.tsx); BrowserRouter renders location changes in a transition, so the old
 * page stays on screen until the new one's chunk has arrived.
 */
import { Component, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Layout } from './Layout.tsx';
import { Home } from '../features/game/routes/Home.tsx';
import { lazyWithQueries, loadQueryProvider } from '../lib/lazyWithQueries.tsx';
import { useWarmUp } from '../lib/warmUp.ts';
import { useT } from '../lib/i18n.ts';

// Not needed for today's game: kept out of the first download. The other game pages are fetched
// a second after start (useWarmUp), so that a past day or a community game opens at once, offline
// too; the rest on demand.
const loadArchive = () => import('../features/game/routes/Archive.tsx');
const Archive = lazyWithQueries(() => loadArchive().then((m) => m.Archive));
const loadCommunity = () => import('./routes/Community.tsx');
const Community = lazyWithQueries(() => loadCommunity().then((m) => m.Community));
const WARM_UP = [loadArchive, loadCommunity, loadQueryProvider];
const Explore = lazyWithQueries(() => import('./routes/Explore.tsx').then((m) => m.Explore));
const PrivacyPolicy = lazyWithQueries(() => import('./PrivacyPolicy.tsx').then((m) => m.PrivacyPolicy));
const Edit = lazyWithQueries(() => import('../features/admin/Edit.tsx').then((m) => m.Edit));
const UserGames = lazyWithQueries(() => import('./routes/UserGames.tsx').then((m) => m.UserGames));
const Create = lazyWithQueries(() => import('../features/game-form/Create.tsx').then((m) => m.Create));
const Groups = lazyWithQueries(() => import('../features/groups/Groups.tsx').then((m) => m.Groups));
const GroupPage = lazyWithQueries(() => import('../features/groups/GroupPage.tsx').then((m) => m.GroupPage));
const JoinGroup = lazyWithQueries(() => import('../features/groups/JoinGroup.tsx').then((m) => m.JoinGroup));
const Account = lazyWithQueries(() => import('../features/accounts/Account.tsx').then((m) => m.Account));
const Challenge = lazyWithQueries(() => import('../features/challenges/Challenge.tsx').then((m) => m.Challenge));
const ResetPassword = lazyWithQueries(() => import('../features/accounts/ResetPassword.tsx').then((m) => m.ResetPassword));

/**
 * What `/` says when it fails to render. The message is in the lazy catalogue: before that has
 * arrived, the first screen's shorter "Something went wrong." stands in.
 */
function RouteFailed() {
  const t = useT();
  const message = t('a.router.failed');
  return (
    <p role="alert" className="p-8 text-center">
      {message === 'a.router.failed' ? t('error.generic') : message}
    </p>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

/** A route that throws sends the player home; on `/` itself it shows a message instead of looping. */
class RouteErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError() {
    return { failedAt: window.location.pathname };
  }

  override componentDidCatch(error: unknown) {
    console.error('route failed; going home', error);
  }

  override render() {
    const { failedAt } = this.state;
    if (failedAt === null || failedAt !== this.props.pathname) return this.props.children;
    if (failedAt !== '/') return <Navigate to="/" replace />;
    return <RouteFailed />;
  }
}

export function AppRoutes() {
  const { pathname } = useLocation();
  useWarmUp(WARM_UP);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
        <Route path="/" element={<Layout />}>
          <Route index element={<Home />} />
          <Route path="archive/:date" element={<Archive />} />
          <Route path="community/:uid/*" element={<Community />} />
          <Route path="explore/:subpath?/:page?" element={<Explore />} />
          <Route path="privacy-policy" element={<PrivacyPolicy />} />
          <Route path="user/:profileName" element={<UserGames />} />
          <Route path="create" element={<Create />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="account" element={<Account />} />
          <Route path="edit/:uid" element={<Edit />} />
          <Route path="groups" element={<Groups />} />
          <Route path="group/:id" element={<GroupPage />} />
          <Route path="join/:code" element={<JoinGroup />} />
          <Route path="challenge/:id" element={<Challenge />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
