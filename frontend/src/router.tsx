/** The routes (spec §2). Any routing error and any unknown path redirect to `/`. */
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from './components/Layout.tsx';
import { Archive } from './routes/Archive.tsx';
import { Community } from './routes/Community.tsx';
import { Explore } from './routes/Explore.tsx';
import { Home } from './routes/Home.tsx';
import { PrivacyPolicy } from './routes/PrivacyPolicy.tsx';
import { UserGames } from './routes/UserGames.tsx';

const home = <Navigate to="/" replace />;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: home,
    children: [
      { index: true, element: <Home /> },
      { path: 'archive/:date', element: <Archive /> },
      { path: 'community/:uid/*', element: <Community /> },
      { path: 'explore/:subpath?/:page?', element: <Explore /> },
      { path: 'privacy-policy', element: <PrivacyPolicy /> },
      { path: 'user/:profileName', element: <UserGames /> },
      { path: '*', element: home },
    ],
  },
];
