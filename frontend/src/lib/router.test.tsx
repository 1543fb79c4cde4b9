// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, Link, MemoryRouter, Navigate, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from './router.tsx';

afterEach(cleanup);

function Params({ name }: { name: string }) {
  const params = useParams();
  return <p data-testid="page">{`${name} ${JSON.stringify(params)}`}</p>;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

/** The app's own route table (app/router.tsx), with pages that print their name and params. */
function AppLike() {
  return (
    <>
      <Routes>
        <Route
          path="/"
          element={
            <div>
              layout <Outlet />
            </div>
          }
        >
          <Route index element={<Params name="home" />} />
          <Route path="archive/:date" element={<Params name="archive" />} />
          <Route path="community/:uid/*" element={<Params name="community" />} />
          <Route path="explore/:subpath?/:page?" element={<Params name="explore" />} />
          <Route path="explore/disputes" element={<Params name="disputes" />} />
          <Route path="user/:profileName" element={<Params name="user" />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
      <Where />
    </>
  );
}

const page = () => screen.getByTestId('page').textContent;
const where = () => screen.getByTestId('where').textContent;

describe('Routes', () => {
  it.each([
    ['/', 'home {}'],
    ['/archive/2026-11-20', 'archive {"date":"2026-11-20"}'],
    ['/community/abc', 'community {"uid":"abc","*":""}'],
    ['/community/abc/extra/bits', 'community {"uid":"abc","*":"extra/bits"}'],
    ['/explore', 'explore {}'],
    ['/explore/community', 'explore {"subpath":"community"}'],
    ['/explore/community/3', 'explore {"subpath":"community","page":"3"}'],
    // Declared after the optional-parameter route, and still preferred: static beats parameter.
    ['/explore/disputes', 'disputes {}'],
    ['/Archive/2026-11-20', 'archive {"date":"2026-11-20"}'],
    ['/user/Ana%20Mar%C3%ADa', 'user {"profileName":"Ana María"}'],
    ['/user/100%', 'user {"profileName":"100%"}'],
  ])('%s renders %s inside the layout', (path, expected) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <AppLike />
      </MemoryRouter>,
    );
    expect(page()).toBe(expected);
    expect(screen.getByText(/layout/)).toBeTruthy();
  });

  it('sends an unknown path home, replacing the entry', async () => {
    render(
      <MemoryRouter initialEntries={['/nowhere/at/all']}>
        <AppLike />
      </MemoryRouter>,
    );
    await act(async () => {});
    expect(where()).toBe('/');
    expect(page()).toBe('home {}');
  });
});

function Nav() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <>
      <Link to="/archive/2026-01-02" data-testid="link">
        archive
      </Link>
      <button type="button" onClick={() => { navigate('/explore?search=a%20b'); }}>
        explore
      </button>
      <button type="button" onClick={() => { navigate(-1); }}>
        back
      </button>
      <p data-testid="search">{params.get('search') ?? ''}</p>
    </>
  );
}

describe('navigation', () => {
  it('moves with links, navigate() and back, reading search parameters', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <AppLike />
        <Nav />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('link'));
    await act(async () => {});
    expect(page()).toBe('archive {"date":"2026-01-02"}');
    fireEvent.click(screen.getByText('explore'));
    await act(async () => {});
    expect(where()).toBe('/explore?search=a%20b');
    expect(screen.getByTestId('search').textContent).toBe('a b');
    fireEvent.click(screen.getByText('back'));
    await act(async () => {});
    expect(where()).toBe('/archive/2026-01-02');
  });

  it('leaves modified clicks and prevented clicks to the browser', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <AppLike />
        <Nav />
      </MemoryRouter>,
    );
    const link = screen.getByTestId('link');
    expect(link.getAttribute('href')).toBe('/archive/2026-01-02');
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { button: 1 });
    await act(async () => {});
    expect(where()).toBe('/');
  });

  it('keeps react-router’s {usr, key, idx} entries in the browser history (lib/historyGuard.ts reads idx)', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <AppLike />
        <Nav />
      </BrowserRouter>,
    );
    expect((window.history.state as { idx: number }).idx).toBe(0);
    fireEvent.click(screen.getByTestId('link'));
    await act(async () => {});
    expect(window.location.pathname).toBe('/archive/2026-01-02');
    expect((window.history.state as { idx: number }).idx).toBe(1);
    // The same link again replaces the entry rather than stacking a copy.
    fireEvent.click(screen.getByTestId('link'));
    await act(async () => {});
    expect((window.history.state as { idx: number }).idx).toBe(1);
    expect(page()).toBe('archive {"date":"2026-01-02"}');
    act(() => {
      window.history.replaceState({ idx: 0 }, '', '/explore/community');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    });
    await act(async () => {});
    expect(page()).toBe('explore {"subpath":"community"}');
  });
});
