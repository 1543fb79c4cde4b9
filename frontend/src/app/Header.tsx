/** Header: menu button, the section title ('Day N' on home, only N when very narrow), help and options. */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from '../stores/toasts.ts';
import { useUi } from '../stores/ui.ts';
import { isOwnProfile, useUser } from '../stores/user.ts';
import { DiceButton } from '../features/game/components/DiceButton.tsx';
import { CalendarIcon, VolcanoIcon } from '../components/icons.tsx';

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
    edit: 'Edit',
    groups: 'Groups',
    group: 'Group',
    join: 'Groups',
  };
  return names[first] ?? 'Lavalist';
}

/**
 * The options menu (spec §2 Header): the user's name and e-mail, their games, Reset Password,
 * Settings and Logout, or Login / Sign Up and Settings for a guest. A menu button: arrows,
 * Home and End move between items, Escape closes it and gives the focus back to the button.
 */
function MenuItem({ label, onPick }: { label: string; onPick: () => void }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={onPick}>
      {label}
    </button>
  );
}

function OptionsMenu() {
  const [open, setOpen] = useState(false);
  const openModal = useUi((s) => s.open);
  const user = useUser((s) => s.user);
  const signOut = useUser((s) => s.signOut);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);
  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => {
      e.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') focus(at + 1);
    else if (e.key === 'ArrowUp') focus(at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(items.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  };
  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };
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
        <div className="absolute right-0 z-40 mt-1 w-72 max-w-[calc(100vw-1rem)] overflow-hidden rounded-lg border border-line bg-surface shadow-xl" onKeyDown={onMenuKey}>
          {user && (
            <div className="border-b border-line bg-surface-2/50 px-4 py-3" data-testid="menu-user">
              <p className="truncate font-semibold">{user.username}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
            </div>
          )}
          <div id="options-menu" ref={menu} role="menu" aria-label="Options">
            {user ? (
              // A link (not navigate()), so the create page's unsaved-changes guard sees it.
              <Link role="menuitem" tabIndex={-1} className="menu-item" to={`/user/${encodeURIComponent(user.username)}`} onClick={() => {
                setOpen(false);
              }}>
                My Created Community Games
              </Link>
            ) : (
              <MenuItem label="Login / Sign Up" onPick={pick(() => {
                openModal('login');
              })} />
            )}
            {user && (
              <Link role="menuitem" tabIndex={-1} className="menu-item" to="/groups" onClick={() => {
                setOpen(false);
              }}>
                My Groups
              </Link>
            )}
            {user && <MenuItem label="Reset Password" onPick={pick(() => {
              openModal('forgotPassword');
            })} />}
            <MenuItem label="Settings" onPick={pick(() => {
              openModal('settings');
            })} />
            <MenuItem label="Calendar" onPick={pick(() => {
              openModal('calendar');
            })} />
            {user && <MenuItem label="Logout" onPick={pick(() => {
              void signOut().then(() => {
                toast({ title: 'Logged out', description: 'See you next time!', status: 'info' });
              });
            })} />}
          </div>
        </div>
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
