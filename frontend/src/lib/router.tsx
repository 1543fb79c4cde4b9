/**
 * The app's router: the part of react-router's declarative API this app uses (`BrowserRouter`,
 * `MemoryRouter`, `Routes`/`Route` with nesting and `Outlet`, `Link`, `Navigate`, `useNavigate`,
 * `useParams`, `useLocation`, `useSearchParams`), with the same names and behaviour, in about
 * 2 KB gzipped. react-router took 13.8 KB of the first download, most of it for features this
 * app never uses (data routers, loaders, prefetching, view transitions), and the first download
 * has a 110 KB budget (README, Performance).
 *
 * What it keeps from react-router, because other code relies on it:
 * - history entries carry `{usr, key, idx}` in `history.state`; lib/historyGuard.ts reads `idx`;
 * - location changes render in a transition, so a lazy page keeps the old one on screen until
 *   its chunk arrives instead of flashing the Suspense fallback;
 * - route ranking: a static segment beats a parameter, a parameter beats a splat, whatever the
 *   declaration order; path segments match case-insensitively; parameters are URI-decoded.
 */
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Where locations come from and go to: the browser's history, or a list in memory (tests). */
interface History {
  location: () => Location;
  go: (to: string, options: NavigateOptions) => void;
  back: (delta: number) => void;
  listen: (onChange: () => void) => () => void;
}

const randomKey = () => Math.random().toString(36).slice(2, 10);

/** Splits `/a/b?c#d` into its parts; a relative path resolves against `from`'s directory. */
function parsePath(to: string, from = '/'): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://x${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function browserHistory(): History {
  const entry = () => (window.history.state ?? {}) as EntryState;
  if (typeof entry().idx !== 'number') window.history.replaceState({ ...entry(), idx: 0 }, '');
  let cached: Location | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    cached = null;
    listeners.forEach((l) => {
      l();
    });
  };
  window.addEventListener('popstate', notify);
  return {
    location() {
      if (!cached) {
        const { pathname, search, hash } = window.location;
        const { usr, key } = entry();
        cached = { pathname, search, hash, state: usr ?? null, key: key ?? 'default' };
      }
      return cached;
    },
    go(to, { replace = false, state }) {
      const path = parsePath(to, window.location.pathname);
      const url = `${path.pathname}${path.search}${path.hash}`;
      const idx = (entry().idx ?? 0) + (replace ? 0 : 1);
      const next: EntryState = { usr: state, key: randomKey(), idx };
      try {
        if (replace) window.history.replaceState(next, '', url);
        else window.history.pushState(next, '', url);
      } catch {
        // Too many entries or a state the browser cannot clone (as react-router does): load it.
        window.location[replace ? 'replace' : 'assign'](url);
        return;
      }
      notify();
    },
    back(delta) {
      window.history.go(delta);
    },
    listen(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

function memoryHistory(initialEntries: readonly string[], initialIndex?: number): History {
  const toLocation = (to: string, from?: string, state: unknown = null, key = randomKey()): Location => ({ ...parsePath(to, from), state, key });
  const entries = (initialEntries.length ? initialEntries : ['/']).map((e, i) => toLocation(e, '/', null, i === 0 ? 'default' : randomKey()));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<() => void>();
  const notify = () => {
    listeners.forEach((l) => {
      l();
    });
  };
  const current = () => entries[index] ?? toLocation('/');
  return {
    location: current,
    go(to, { replace = false, state }) {
      const next = toLocation(to, current().pathname, state ?? null);
      if (replace) entries[index] = next;
      else entries.splice(++index, entries.length, next);
      notify();
    },
    back(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      notify();
    },
    listen(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

interface RouterValue {
  location: Location;
  history: History;
}

const RouterContext = createContext<RouterValue | null>(null);

interface RouteValue {
  params: Record<string, string | undefined>;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteValue>({ params: {}, outlet: null });

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useLocation, useNavigate, Link and Routes need a <BrowserRouter> or <MemoryRouter> above them');
  return router;
}

/** Renders `children` with the history's location, re-rendering (in a transition) when it moves. */
function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(
    () =>
      history.listen(() => {
        startTransition(() => {
          setLocation(history.location());
        });
      }),
    [history],
  );
  const value = useMemo(() => ({ location, history }), [location, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ children, initialEntries = ['/'], initialIndex }: { children?: ReactNode; initialEntries?: readonly string[]; initialIndex?: number }) {
  const [history] = useState(() => memoryHistory(initialEntries, initialIndex));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') history.back(to);
      else history.go(to, options);
    },
    [history],
  );
}

export function useParams(): Record<string, string | undefined> {
  return useContext(RouteContext).params;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, set];
}

/** The matched child route's element, where a layout route puts it. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** Moves to `to` once rendered (react-router's <Navigate> does so in an effect too). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions;

/** An <a> whose plain left click moves within the app; modified clicks and other targets stay the browser's. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const { pathname, search, hash } = parsePath(to, location.pathname);
  const href = `${pathname}${search}${hash}`;
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    // A link to where the player already is replaces the entry instead of stacking a copy.
    const same = href === `${location.pathname}${location.search}${location.hash}`;
    navigate(href, { replace: replace ?? same, state });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; <Routes> reads its props, it renders nothing itself. */
export const Route: (props: RouteProps) => ReactElement | null = () => null;

/** A route from the root to a leaf: each level's element and the segments it adds. */
interface Branch {
  chain: { element: ReactNode; segments: string[] }[];
  index: boolean;
  order: number;
}

const segmentsOf = (path: string | undefined) => (path ?? '').split('/').filter(Boolean);

function branchesOf(children: ReactNode, parent: Branch['chain'] = [], out: Branch[] = []): Branch[] {
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    if (child.type === Fragment) {
      branchesOf((child.props as { children?: ReactNode }).children, parent, out);
      return;
    }
    const props = child.props as RouteProps;
    const chain = [...parent, { element: props.element ?? <Outlet />, segments: segmentsOf(props.path) }];
    out.push({ chain, index: props.index === true, order: out.length });
    if (props.children) branchesOf(props.children, chain, out);
  });
  return out;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape is kept as typed (react-router does the same)
  }
};

/** The parameters and a specificity score if `pattern` matches the whole of `path`, else null. */
function match(pattern: string[], path: string[]): { params: Record<string, string>; score: number } | null {
  const params: Record<string, string> = {};
  let score = 0;
  let at = 0;
  for (const [i, part] of pattern.entries()) {
    if (part === '*') {
      params['*'] = path.slice(at).map(decode).join('/');
      return i === pattern.length - 1 ? { params, score: score - 2 } : null;
    }
    const optional = part.endsWith('?');
    const segment = path[at];
    if (segment === undefined) {
      if (optional) continue;
      return null;
    }
    if (part.startsWith(':')) {
      params[part.slice(1, optional ? -1 : undefined)] = decode(segment);
      score += 3;
    } else if (part.replace(/\?$/, '').toLowerCase() === segment.toLowerCase()) {
      score += 10;
    } else if (optional) {
      continue;
    } else {
      return null;
    }
    at += 1;
  }
  return at === path.length ? { params, score } : null;
}

/** Renders the best-matching declared <Route>, each level wrapped around the next through <Outlet>. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const branches = branchesOf(children);
  const path = segmentsOf(pathname);
  let best: { branch: Branch; params: Record<string, string>; score: number } | null = null;
  for (const branch of branches) {
    // A layout route with children matches only through them (or its index route).
    const leaf = branch.chain.at(-1);
    if (!leaf) continue;
    if (!branch.index && branches.some((b) => b !== branch && b.chain.length > branch.chain.length && b.chain[branch.chain.length - 1] === leaf)) continue;
    const found = match(branch.chain.flatMap((level) => level.segments), path);
    if (!found) continue;
    const score = found.score + (branch.index ? 2 : 0);
    if (!best || score > best.score) best = { branch, params: found.params, score };
  }
  if (!best) return null;
  const { branch, params } = best;
  return branch.chain.reduceRight<ReactNode>(
    (outlet, level) => <RouteContext.Provider value={{ params, outlet }}>{level.element}</RouteContext.Provider>,
    null,
  );
}
