/** Header: menu button, the section title ('Day N' on home, only N when very narrow), help and options. */
import { Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useUi } from '../stores/ui.ts';
import { isOwnProfile, useUser } from '../stores/user.ts';
import { lazyNow, useWarmUp } from '../lib/warmUp.ts';
import { useMenuButton } from '../components/useMenuButton.ts';
import { DiceButton } from './DiceButton.tsx';
import { CalendarIcon, VolcanoIcon } from '../components/icons.tsx';
import { t, useT } from '../lib/i18n.ts';
import { Trans } from '../components/Trans.tsx';

// The open options menu: fetched a second after start (useWarmUp), shown when first opened.
const optionsList = lazyNow(() => import('./OptionsList.tsx').then((m) => m.OptionsList));
const WARM_UP = [optionsList.warm];

/** The header title off the home page; 'Profile' on the signed-in user's own page (case-insensitive). */
export function sectionTitle(pathname: string, username?: string): string {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (first === 'user' && second !== undefined && username !== undefined && isOwnProfile(second, username)) return t('section.profile');
  const names: Record<string, string> = {
    archive: 'section.archive',
    community: 'section.community',
    explore: 'section.explore',
    'privacy-policy': 'section.privacyPolicy',
    user: 'section.user',
    create: 'section.create',
    'reset-password': 'section.resetPassword',
    account: 'section.account',
    edit: 'section.edit',
    groups: 'section.groups',
    group: 'section.group',
    join: 'section.groups',
  };
  const id = names[first];
  return id ? t(id) : 'Lavalist';
}

/** The options menu's button (a menu button: ../components/useMenuButton.ts); the open menu is ./OptionsList.tsx. */
function OptionsMenu() {
  const { open, close, menuId, rootRef, buttonRef, buttonProps } = useMenuButton();
  const t = useT();
  useWarmUp(WARM_UP);
  return (
    <div ref={rootRef} className="relative">
      <button ref={buttonRef} type="button" className="btn btn-ghost px-3" aria-label={t('header.options')} {...buttonProps}>
        ⋮
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <optionsList.Component id={menuId} start={open} rootRef={rootRef} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

export function Header({ dayNumber }: { dayNumber: number | undefined }) {
  const { pathname } = useLocation();
  const t = useT();
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
        <button type="button" className="btn btn-ghost px-3" aria-label={t('header.openMenu')} onClick={() => {
          setSidebar(true);
        }}>
          ☰
        </button>
        <Link to="/" className="me-auto flex items-center gap-2 text-xl font-extrabold tracking-tight">
          <VolcanoIcon className="text-2xl" />
          <span data-testid="header-title">
            {home && dayNumber !== undefined ? (
              <>
                <Trans id="header.day" values={{ day: dayNumber }} components={{ 0: <span className="max-[359px]:sr-only" /> }} />
              </>
            ) : (
              sectionTitle(pathname, signedIn?.username)
            )}
          </span>
        </Link>
        {home && (
          <button type="button" className="btn btn-ghost px-3" aria-label={t('header.howToPlay')} onClick={() => {
            openModal('howToPlay');
          }}>
            ?
          </button>
        )}
        <DiceButton />
        <button type="button" className="btn btn-ghost px-3" aria-label={t('header.calendar')} onClick={() => {
          openModal('calendar');
        }}>
          <CalendarIcon className="text-xl" />
        </button>
        <OptionsMenu />
      </div>
    </header>
  );
}
