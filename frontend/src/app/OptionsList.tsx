/**
 * The open options menu (spec §2 Header): the user's name and e-mail, their games, Reset
 * Password, Settings and Logout, or Login / Sign Up and Settings for a guest. A menu button's
 * list (../components/useMenuList.ts): arrows, Home and End, Escape back to the button. An item
 * that opens a dialog gives the focus back to the button first, so the dialog returns it there.
 * Fetched with the first open (Header.tsx warms it up a second after start), not part of the
 * first download.
 */
import '../styles/full.css';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { toast } from '../stores/toasts.ts';
import { useUi, type ModalName } from '../stores/ui.ts';
import { useUser } from '../stores/user.ts';
import { useMenuList } from '../components/useMenuList.ts';
import { t as translate, useT } from '../lib/i18n.ts';

/** An item: a page to go to, or an action. */
type Entry = { label: string; to: string } | { label: string; run: () => void };

interface Props {
  id: string;
  /** The item the menu starts on (-1: the last). */
  start: number;
  /** The menu and its button: a pointer or the focus outside it closes the menu. */
  rootRef: RefObject<HTMLElement | null>;
  onClose: (refocus: boolean) => void;
}

function useEntries(): Entry[] {
  const t = useT();
  const openModal = useUi((s) => s.open);
  const user = useUser((s) => s.user);
  const signOut = useUser((s) => s.signOut);
  const dialog = (label: string, modal: ModalName): Entry => ({
    label,
    run: () => {
      openModal(modal);
    },
  });
  const settings = dialog(t('settings.title'), 'settings');
  const calendar = dialog(t('a.options.calendar'), 'calendar');
  if (!user) return [dialog(t('a.options.loginSignUp'), 'login'), settings, calendar];
  return [
    { label: t('a.options.myGames'), to: `/user/${encodeURIComponent(user.username)}` },
    { label: t('a.options.myGroups'), to: '/groups' },
    { label: t('section.account'), to: '/account' },
    dialog(t('section.resetPassword'), 'forgotPassword'),
    settings,
    calendar,
    {
      label: t('a.options.logout'),
      run: () => {
        void signOut().then(() => {
          toast({ title: translate('a.options.loggedOut'), description: translate('a.options.loggedOut.description'), status: 'info' });
        });
      },
    },
  ];
}

export function OptionsList({ id, start, rootRef, onClose }: Props) {
  const t = useT();
  const user = useUser((s) => s.user);
  const entries = useEntries();
  const { menuProps, itemProps } = useMenuList(entries.length, start, rootRef, onClose);
  return (
    <div className="absolute end-0 z-40 mt-1 w-72 max-w-[calc(100vw-1rem)] overflow-hidden rounded-lg border border-line bg-surface shadow-xl">
      {user && (
        <div className="border-b border-line bg-surface-2/50 px-4 py-3" data-testid="menu-user">
          <p className="truncate font-semibold">{user.username}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
      )}
      <div id={id} aria-label={t('header.options')} {...menuProps}>
        {entries.map((entry, i) =>
          'to' in entry ? (
            // A link (not navigate()), so the create page's unsaved-changes guard sees it.
            <Link key={entry.label} className="menu-item" to={entry.to} {...itemProps(i)} onClick={() => {
              onClose(false);
            }}>
              {entry.label}
            </Link>
          ) : (
            <button key={entry.label} type="button" className="menu-item" {...itemProps(i)} onClick={() => {
              onClose(true);
              entry.run();
            }}>
              {entry.label}
            </button>
          ),
        )}
      </div>
    </div>
  );
}
