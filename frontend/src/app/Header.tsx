/** Header: menu button, the section title ('Day N' on home, only N when very narrow), help and options. */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useUi } from '../stores/ui.ts';
import { isOwnProfile, useUser } from '../stores/user.ts';
import { useWarmUp } from '../lib/warmUp.ts';
import { DiceButton } from '../features/game/components/DiceButton.tsx';
import { CalendarIcon, VolcanoIcon } from '../components/icons.tsx';

// The open options menu: fetched a second after start (useWarmUp), shown when first opened.
const loadOptionsList = () => import('./OptionsList.tsx');
const OptionsList = lazy(() => loadOptionsList().then((m) => ({ default: m.OptionsList })));
const WARM_UP = [loadOptionsList];

/** The header title off the home page; 'Profile' on the signed-in user's own page (case-insensitive). */
export function sectionTitle(pathname: string, username?: string): string {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (first === 'user' && second !== undefined && username !== undefined && isOwnProfile(second, username)) return 'Profile';
  const names: Record<string, string> = {
    archive: 'Archive',
    community: 'Community',
    explore: 'Explore',
    'privacy-policy': 'Privacy Policy',
    user: 'User',
    create: 'Create',
    'reset-password': 'Reset Password',
    account: 'Account',
    edit: 'Edit',
    groups: 'Groups',
    group: 'Group',
    join: 'Groups',
  };
  return names[first] ?? 'Lavalist';
}

/** The options menu's button; the open menu is ./OptionsList.tsx. */
function OptionsMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
  }, []);
  useWarmUp(WARM_UP);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost px-3"
        aria-label="Options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'options-menu' : undefined}
        onClick={() => {
          setOpen(!open);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        ⋮
      </button>
      {open && (
        <Suspense fallback={null}>
          <OptionsList root={root} button={button} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

export function Header({ dayNumber }: { dayNumber: number | undefined }) {
  const { pathname } = useLocation();
  const setSidebar = useUi((s) => s.setSidebar);
  const openModal = useUi((s) => s.open);
  const home = pathname === '/';
  const refreshUser = useUser((s) => s.refresh);
  const signedIn = useUser((s) => s.user);
  // The stored user is checked with the server once per page load (spec §4).
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-bg/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-[1200px] items-center gap-1 px-2">
        <button type="button" className="btn btn-ghost px-3" aria-label="Open menu" onClick={() => {
          setSidebar(true);
        }}>
          ☰
        </button>
        <Link to="/" className="mr-auto flex items-center gap-2 text-xl font-extrabold tracking-tight">
          <VolcanoIcon className="text-2xl" />
          <span data-testid="header-title">
            {home && dayNumber !== undefined ? (
              <>
                <span className="max-[359px]:sr-only">Day </span>
                {dayNumber}
              </>
            ) : (
              sectionTitle(pathname, signedIn?.username)
            )}
          </span>
        </Link>
        {home && (
          <button type="button" className="btn btn-ghost px-3" aria-label="How to play" onClick={() => {
            openModal('howToPlay');
          }}>
            ?
          </button>
        )}
        <DiceButton />
        <button type="button" className="btn btn-ghost px-3" aria-label="Archive calendar" onClick={() => {
          openModal('calendar');
        }}>
          <CalendarIcon className="text-xl" />
        </button>
        <OptionsMenu />
      </div>
    </header>
  );
}
