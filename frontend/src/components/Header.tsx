/** Header: menu button, the section title ('Day N' on home, only N when very narrow), help and options. */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useUi } from '../store/ui.ts';
import { DiceButton } from './DiceButton.tsx';
import { CalendarIcon, VolcanoIcon } from './icons.tsx';

export function sectionTitle(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  const names: Record<string, string> = {
    archive: 'Archive',
    community: 'Community',
    explore: 'Explore',
    'privacy-policy': 'Privacy Policy',
    user: 'User',
  };
  return names[first] ?? 'Lavalist';
}

function OptionsMenu() {
  const [open, setOpen] = useState(false);
  const openModal = useUi((s) => s.open);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);
  const item = (label: string, action: () => void) => (
    <button type="button" role="menuitem" className="menu-item" onClick={() => {
      setOpen(false);
      action();
    }}>
      {label}
    </button>
  );
  return (
    <div ref={root} className="relative">
      <button type="button" className="btn btn-ghost px-3" aria-label="Options" aria-haspopup="menu" aria-expanded={open} onClick={() => {
        setOpen(!open);
      }}>
        ⋮
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-40 mt-1 w-48 overflow-hidden rounded-lg border border-line bg-surface shadow-xl">
          {item('Settings', () => {
            openModal('settings');
          })}
          {item('Calendar', () => {
            openModal('calendar');
          })}
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
              sectionTitle(pathname)
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
