/**
 * The open options menu (spec §2 Header): the user's name and e-mail, their games, Reset
 * Password, Settings and Logout, or Login / Sign Up and Settings for a guest. Arrows, Home and
 * End move between items, Escape closes it and gives the focus back to the button. Fetched with
 * the first open (Header.tsx warms it up a second after start), not part of the first download.
 */
import '../styles/full.css';
import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { toast } from '../stores/toasts.ts';
import { useUi } from '../stores/ui.ts';
import { useUser } from '../stores/user.ts';

function MenuItem({ label, onPick }: { label: string; onPick: () => void }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={onPick}>
      {label}
    </button>
  );
}

interface Props {
  /** The menu and its button: a pointer or the focus outside it closes the menu. */
  root: RefObject<HTMLDivElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

export function OptionsList({ root, button, onClose }: Props) {
  const openModal = useUi((s) => s.open);
  const user = useUser((s) => s.user);
  const signOut = useUser((s) => s.signOut);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [root, onClose]);
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
      onClose();
      button.current?.focus();
    } else if (e.key === 'Tab') onClose();
  };
  // The focus goes back to the button first: a dialog the item opens returns it there on closing.
  const pick = (action: () => void) => () => {
    onClose();
    button.current?.focus();
    action();
  };
  return (
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
            onClose();
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
            onClose();
          }}>
            My Groups
          </Link>
        )}
        {user && (
          <Link role="menuitem" tabIndex={-1} className="menu-item" to="/account" onClick={() => {
            onClose();
          }}>
            Account
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
  );
}
