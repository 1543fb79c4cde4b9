/** The root layout: header, sidebar drawer, the routed page, modals and toasts. */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCore, useToday } from '../core/useCore.ts';
import { pageTitle } from './titles.ts';
import { useSettings } from '../stores/settings.ts';
import { useUi } from '../stores/ui.ts';
import { Header } from './Header.tsx';
import { ScrollRestoration } from './ScrollRestoration.tsx';
import { Modals } from './Modals.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { useWarmUp } from '../lib/warmUp.ts';
import { GameSkeleton } from '../features/game/routes/GameLoader.tsx';
import { i18n, useT, withMessages } from '../lib/i18n.ts';

// The menu drawer: fetched a second after start (useWarmUp), mounted when first opened.
const loadSidebar = () => import('./Sidebar.tsx');
const Sidebar = lazy(() => withMessages(loadSidebar().then((m) => ({ default: m.Sidebar }))));
const WARM_UP = [loadSidebar];

/** Whether the drawer was ever opened (it then stays mounted, to close as a dialog does). */
function useSidebarWanted(): boolean {
  const open = useUi((s) => s.sidebarOpen);
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return open || opened;
}

/** Colour mode and palette as attributes on <html>; the CSS picks the variables. */
function useTheme() {
  const { colorMode, highContrast, disableAnimations } = useSettings();
  useEffect(() => {
    const root = document.documentElement;
    const media = window.matchMedia('(prefers-color-scheme: light)');
    const apply = () => {
      root.dataset.theme = colorMode === 'system' ? (media.matches ? 'light' : 'dark') : colorMode;
    };
    apply();
    root.dataset.contrast = highContrast ? 'high' : 'normal';
    root.dataset.motion = disableAnimations ? 'off' : 'on';
    media.addEventListener('change', apply);
    return () => {
      media.removeEventListener('change', apply);
    };
  }, [colorMode, highContrast, disableAnimations]);
}

const isInvitePage = (pathname: string) => pathname.startsWith('/join/') || pathname.startsWith('/challenge/');
const isGamePage = (pathname: string) => pathname === '/' || /^\/(archive|community)\//.test(pathname);

/**
 * How to play opens by itself on a first visit (until closed once), on whatever page the app
 * starts, except an invite or challenge link: there it would cover what the link was opened for,
 * so it waits for the first game page the player goes to.
 */
function useAutoHowToPlay(pathname: string) {
  const shown = useSettings((s) => s.howToPlayModalShown);
  const open = useUi((s) => s.open);
  const starting = useRef(true);
  const opened = useRef(false);
  useEffect(() => {
    const start = starting.current;
    starting.current = false;
    if (shown || opened.current) return;
    if (start ? isInvitePage(pathname) : !isGamePage(pathname)) return;
    opened.current = true;
    open('howToPlay');
  }, [pathname, shown, open]);
}

export function Layout() {
  const core = useCore();
  const today = useToday(core);
  const { pathname } = useLocation();
  const t = useT();
  useTheme();
  useEffect(() => {
    // Again when a catalogue loads or the locale changes: a lazy screen's title is in `more`.
    const apply = () => {
      document.title = pageTitle(pathname, (d) => core.dayNumber(d));
    };
    apply();
    return i18n.on('change', apply);
  }, [pathname, core]);
  // A modal belongs to the page it was opened on (e.g. Back while the stats are open).
  const sidebarWanted = useSidebarWanted();
  useWarmUp(WARM_UP);
  const closeModal = useUi((s) => s.close);
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return; // first render: keep how-to-play open
    shownAt.current = pathname;
    closeModal();
  }, [pathname, closeModal]);
  // After the effect above: a deferred How to play opens on the page it was waiting for.
  useAutoHowToPlay(pathname);
  return (
    <div className="relative isolate flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-bg focus:px-3 focus:py-2">
        {t('layout.skip')}
      </a>
      <Header dayNumber={core.dayNumber(today)} />
      {sidebarWanted && (
        <Suspense fallback={null}>
          <Sidebar />
        </Suspense>
      )}
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<GameSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Modals />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
