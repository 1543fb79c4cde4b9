/**
 * `explore/{subpath?}/{page?}`: archive days or community games, 12 a page, searchable by prompt.
 * The community tab sorts by Hot (default), New, Top (this week, month or all time) or Most
 * played and filters by category; all of it is in the URL (`?sort=top&period=week&category=…`).
 * Admins also get Future Days, Review Games (unreviewed, each card with its items), Reports,
 * Hidden Games (denied), Insights and Disputes, all under the same tab row, and a review menu on
 * the cards of community games; the pages and the menu that are other features' (reports,
 * insights, admin) come in from the app (src/app/routes/Explore.tsx). A page number out of range
 * goes to the last page, one that is not a page number to the first.
 */
import type { Locale } from '../../lib/locale.ts';
import { EditionPicker } from '../../components/EditionPicker.tsx';
import '../../styles/full.css';
import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { DEFAULT_VIEW, PAGE_SIZE, useExploreList, type CommunityView, type ExploreKind } from './api.ts';
import { CATEGORIES, isCategory } from '../../lib/labels.ts';
import type { CommunitySort, TopPeriod } from '../../api/generated/index.ts';
import { GameCards, playMarks, type CardMenuProps } from './GameCards.tsx';
import { CommitSelect } from '../../components/CommitSelect.tsx';
import { pageOf, pageRedirect, Pagination, usePageTop } from '../../components/Pagination.tsx';
import { useAdminStatus } from '../../stores/admin.ts';
import { allSaves } from '../../stores/saves.ts';
import { useAccountDays, useListEdition } from '../../api/days.ts';
import { useUser } from '../../stores/user.ts';
import { useT } from '../../lib/i18n.ts';

const PUBLIC_KINDS: ExploreKind[] = ['archive', 'community'];
/** Admin pages that are not game lists. */
export type AdminPage = 'reports' | 'insights' | 'disputes';
const ADMIN_PAGES: AdminPage[] = ['reports', 'insights', 'disputes'];
type Tab = ExploreKind | AdminPage;
const ALL_KINDS: Tab[] = ['archive', 'community', 'future', 'review', 'reports', 'denied', 'insights', 'disputes'];
/** The tabs' message ids. */
const TAB_LABEL: Record<Tab, string> = {
  archive: 'b.explore.tab.archive',
  community: 'b.explore.tab.community',
  future: 'b.explore.tab.future',
  review: 'b.explore.tab.review',
  reports: 'b.explore.tab.reports',
  denied: 'b.explore.tab.denied',
  insights: 'b.explore.tab.insights',
  disputes: 'b.explore.tab.disputes',
};
const isAdminPage = (tab: Tab): tab is AdminPage => ADMIN_PAGES.some((p) => p === tab);

/**
 * What other features put in explore, passed in by the app (src/app/routes/Explore.tsx): a
 * feature imports no other.
 */
export interface ExploreExtras {
  /** The admin pages' contents: reported games, insights, disputes. */
  adminPages: Record<AdminPage, ReactNode>;
  /** The admins' review menu on the cards of community games. */
  CardMenu: ComponentType<CardMenuProps>;
}

/** What an empty list says when no search narrows it (message ids). */
const EMPTY: Record<ExploreKind, string> = {
  archive: 'b.explore.empty.archive',
  community: 'b.explore.empty.community',
  future: 'b.explore.empty.future',
  review: 'b.explore.empty.review',
  denied: 'b.explore.empty.denied',
};

/** What an empty list says: no match for a search, nothing in a chosen category, else the list's own words. */
export function emptyMessage(t: (id: string) => string, kind: ExploreKind, term: string, view: CommunityView | null): string {
  if (term.trim()) return t('b.explore.noMatch');
  if (kind === 'community' && view?.category) return t('b.explore.empty.category');
  return t(EMPTY[kind]);
}

/** The tabs this viewer may open: admins see the admin-only lists too. */
export const exploreKinds = (admin: boolean): Tab[] => (admin ? ALL_KINDS : PUBLIC_KINDS);

const SEARCH_DEBOUNCE_MS = 300;

/** The community orders and Top's periods, with their labels' message ids. */
const SORTS: { value: CommunitySort; label: string }[] = [
  { value: 'hot', label: 'b.explore.sort.hot' },
  { value: 'new', label: 'b.explore.sort.new' },
  { value: 'top', label: 'b.explore.sort.top' },
  { value: 'played', label: 'b.explore.sort.played' },
];
const PERIODS: { value: TopPeriod; label: string }[] = [
  { value: 'week', label: 'b.explore.period.week' },
  { value: 'month', label: 'b.explore.period.month' },
  { value: 'all', label: 'b.explore.period.all' },
];

/** The community tab's order and filters from the URL (unknown values: the defaults). */
export function viewOf(params: URLSearchParams): CommunityView {
  const sort = SORTS.find((s) => s.value === params.get('sort'))?.value ?? DEFAULT_VIEW.sort;
  const period = PERIODS.find((p) => p.value === params.get('period'))?.value ?? DEFAULT_VIEW.period;
  const category = params.get('category');
  return { sort, period, category: isCategory(category) ? category : null };
}

/** The URL's query for a search term and a view: only what differs from the defaults. */
export function viewQuery(term: string, view: CommunityView | null): string {
  const q = new URLSearchParams();
  if (term) q.set('search', term);
  if (view) {
    if (view.sort !== DEFAULT_VIEW.sort) q.set('sort', view.sort);
    if (view.sort === 'top' && view.period !== DEFAULT_VIEW.period) q.set('period', view.period);
    if (view.category) q.set('category', view.category);
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** Hot / New / Top / Most played, Top's period and the category: links and selects that change the URL. */
function CommunityControls({ view, term }: { view: CommunityView; term: string }) {
  const t = useT();
  const navigate = useNavigate();
  const go = (next: Partial<CommunityView>) => {
    void navigate(`/explore/community${viewQuery(term, { ...view, ...next })}`);
  };
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" data-testid="community-controls">
      <nav aria-label={t('b.explore.sortLabel')} className="flex flex-wrap gap-2">
        {SORTS.map((s) => (
          <Link key={s.value} to={`/explore/community${viewQuery(term, { ...view, sort: s.value })}`} aria-current={s.value === view.sort ? 'true' : undefined} className={`btn ${s.value === view.sort ? 'btn-primary' : 'btn-secondary'}`}>
            {t(s.label)}
          </Link>
        ))}
      </nav>
      {view.sort === 'top' && (
        <>
          <label htmlFor="top-period" className="sr-only">
            {t('b.explore.topOf')}
          </label>
          <CommitSelect id="top-period" value={view.period} onCommit={(period) => { go({ period: PERIODS.find((p) => p.value === period)?.value ?? DEFAULT_VIEW.period }); }} className="rounded-lg border border-line bg-surface px-3 py-2 text-fg">
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {t(p.label)}
              </option>
            ))}
          </CommitSelect>
        </>
      )}
      <label htmlFor="category" className="sr-only">
        {t('b.explore.category')}
      </label>
      {/* Applied once settled: a keyboard step through the options does not reload the list. */}
      <CommitSelect id="category" value={view.category ?? ''} onCommit={(category) => { go({ category: isCategory(category) ? category : null }); }} className="rounded-lg border border-line bg-surface px-3 py-2 text-fg">
        <option value="">{t('b.explore.allCategories')}</option>
        {CATEGORIES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </CommitSelect>
    </div>
  );
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setDebounced(value);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [value]);
  return debounced;
}

export function Explore({ adminPages, CardMenu }: ExploreExtras) {
  const t = useT();
  const { subpath = 'archive', page: pageText } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const term = useDebounced(search);
  const { admin, ready } = useAdminStatus();
  const kinds = exploreKinds(admin);
  const kind = kinds.find((k) => k === subpath);
  const page = pageOf(pageText);
  const local = useMemo(() => allSaves(), []);
  const accountDays = useAccountDays(useUser((st) => st.user?.username ?? null));
  const saves = useMemo(() => playMarks(local, accountDays.data?.days), [local, accountDays.data]);
  const tabRow = useRef<HTMLElement>(null);
  const listTop = usePageTop<HTMLUListElement>();
  // On a phone the tab row scrolls sideways: keep the open list's tab in view.
  useEffect(() => {
    const row = tabRow.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && active && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = active.offsetLeft - row.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
    }
  }, [kind]);
  const view = useMemo(() => (subpath === 'community' ? viewOf(params) : null), [subpath, params]);
  // The day lists show one daily edition: the one this player plays unless picked here.
  const [picked, setEdition] = useState<Locale>();
  const byEdition = kind === 'archive' || kind === 'future';
  const listEdition = useListEdition(byEdition);
  const edition = picked ?? listEdition;
  const waitsForEdition = byEdition && edition === undefined;
  const list = useExploreList(kind === undefined || isAdminPage(kind) || waitsForEdition ? undefined : kind, page, term, view ?? DEFAULT_VIEW, edition);

  // A new search term goes back to page 1 and lives in the URL (reload and back keep it), with
  // the community tab's order and filters.
  useEffect(() => {
    if ((params.get('search') ?? '') === term) return;
    void navigate(`/explore/${subpath}${viewQuery(term, view)}`, { replace: true });
  }, [term, params, navigate, subpath, view]);

  // Admin-only lists (future, review, denied) wait until the user is known; for anyone but an
  // admin they, and unknown lists, fall back to the archive.
  if (!kind && !ready && ALL_KINDS.some((k) => k === subpath)) return <p className="px-4 py-6 text-muted">{t('b.loading')}</p>;
  if (!kind) return <Navigate to="/explore/archive" replace />;
  const tabs = (
    <nav ref={tabRow} aria-label={t('b.explore.lists')} className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 wide:mx-0 wide:flex-wrap wide:overflow-visible wide:px-0 wide:pb-0">
      {kinds.map((k) => (
        <Link key={k} to={`/explore/${k}`} aria-current={k === kind ? 'page' : undefined} className={`btn shrink-0 whitespace-nowrap ${k === kind ? 'btn-primary' : 'btn-secondary'}`}>
          {t(TAB_LABEL[k])}
        </Link>
      ))}
    </nav>
  );
  if (isAdminPage(kind)) {
    return (
      <div className="mx-auto w-full max-w-[1200px] px-4 py-6">
        <h1 className="sr-only">{t('b.explore.title')}</h1>
        {tabs}
        <Suspense fallback={<p className="text-muted">{t('b.loading')}</p>}>{adminPages[kind]}</Suspense>
      </div>
    );
  }
  const suffix = viewQuery(term, view);
  const href = (p: number) => `/explore/${kind}/${String(p)}${suffix}`;
  // Judged on this page's own answer, not the previous page's kept on screen while it loads.
  const known = list.data && !list.isPlaceholderData ? list.data : undefined;
  const pages = Math.ceil((list.data?.total ?? 0) / PAGE_SIZE);
  const redirect = pageRedirect(pageText, known ? pages : undefined);
  if (redirect !== null) return <Navigate to={href(redirect)} replace />;
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 py-6">
      <h1 className="sr-only">{t('b.explore.title')}</h1>
      {/* Eight tabs for admins: one scrolling row on phones, wrapped on wide screens. */}
      {tabs}
      <label htmlFor="search" className="sr-only">
        {t('b.explore.search')}
      </label>
      <input
        id="search"
        type="search"
        value={search}
        placeholder={t('b.explore.searchPlaceholder')}
        maxLength={200}
        onChange={(e) => {
          setSearch(e.target.value);
        }}
        className="mb-5 w-full rounded-lg border border-line bg-surface px-4 py-2.5 text-fg placeholder:text-muted focus:border-lava-yellow focus:outline-none"
      />
      {view && kind === 'community' && <CommunityControls view={view} term={term} />}
      {byEdition && edition !== undefined && <EditionPicker edition={edition} onPick={setEdition} className="mb-4" />}
      {list.isError && <p role="alert">{t('b.explore.loadFailed', { error: list.error.message })}</p>}
      {list.isPending && <p className="text-muted">{t('b.loading')}</p>}
      {list.data && list.data.games.length === 0 && <p className="text-muted">{emptyMessage(t, kind, term, view)}</p>}
      {list.data && (
        <>
          <GameCards
            games={list.data.games}
            kind={kind}
            saves={saves}
            admin={admin}
            CardMenu={CardMenu}
            listRef={listTop}
            label={pages > 1 ? t('b.explore.listPage', { list: t(TAB_LABEL[kind]), page, pages }) : t(TAB_LABEL[kind])}
          />
          <Pagination page={page} pages={pages} href={href} />
        </>
      )}
    </div>
  );
}
