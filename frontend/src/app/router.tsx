/**
 * The routes (spec §2). Any unknown path, and any error while rendering a route, redirect to
 * `/`. Declarative routes (not the data router): this app loads its data with TanStack Query,
 * and the data router would add ~16 KB gzipped to the first download.
 */
import { Component, lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from '../lib/router.tsx';
import { Layout } from './Layout.tsx';
import { Archive } from '../features/game/routes/Archive.tsx';
import { Community } from '../features/game/routes/Community.tsx';
import { Home } from '../features/game/routes/Home.tsx';

// Not needed to play: kept out of the first download.
const Explore = lazy(() => import('../features/explore/Explore.tsx').then((m) => ({ default: m.Explore })));
const PrivacyPolicy = lazy(() => import('./PrivacyPolicy.tsx').then((m) => ({ default: m.PrivacyPolicy })));
const Edit = lazy(() => import('../features/admin/Edit.tsx').then((m) => ({ default: m.Edit })));
const Disputes = lazy(() => import('../features/admin/Disputes.tsx').then((m) => ({ default: m.Disputes })));
const UserGames = lazy(() => import('../features/accounts/UserGames.tsx').then((m) => ({ default: m.UserGames })));
const Create = lazy(() => import('../features/game-form/Create.tsx').then((m) => ({ default: m.Create })));
const Groups = lazy(() => import('../features/groups/Groups.tsx').then((m) => ({ default: m.Groups })));
const GroupPage = lazy(() => import('../features/groups/GroupPage.tsx').then((m) => ({ default: m.GroupPage })));
const JoinGroup = lazy(() => import('../features/groups/JoinGroup.tsx').then((m) => ({ default: m.JoinGroup })));
const ResetPassword = lazy(() => import('../features/accounts/ResetPassword.tsx').then((m) => ({ default: m.ResetPassword })));

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
    return (
      <p role="alert" className="p-8 text-center">
        Something went wrong. Please reload the page.
      </p>
    );
  }
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
        <Route path="/" element={<Layout />}>
          <Route index element={<Home />} />
          <Route path="archive/:date" element={<Archive />} />
          <Route path="community/:uid/*" element={<Community />} />
          <Route path="explore/disputes" element={<Disputes />} />
          <Route path="explore/:subpath?/:page?" element={<Explore />} />
          <Route path="privacy-policy" element={<PrivacyPolicy />} />
          <Route path="user/:profileName" element={<UserGames />} />
          <Route path="create" element={<Create />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="edit/:uid" element={<Edit />} />
          <Route path="groups" element={<Groups />} />
          <Route path="group/:id" element={<GroupPage />} />
          <Route path="join/:code" element={<JoinGroup />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
