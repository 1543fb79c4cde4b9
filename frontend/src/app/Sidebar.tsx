/** The sidebar drawer: the app's pages, patch notes, testimonies, and any configured external links. */
import '../styles/full.css';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { APP_LINKS, DONATION_URL, EXTERNAL_LINKS, type SiteLink } from '../config/site.ts';
import { useUi } from '../stores/ui.ts';
import { VolcanoIcon } from '../components/icons.tsx';
import { useT } from '../lib/i18n.ts';

/** A link of the sidebar; `label` is the text shown (an app link's translated message). */
function LinkItem({ link, label, onPick }: { link: SiteLink; label: string; onPick: () => void }) {
  const external = /^https?:\/\//.test(link.href);
  const cls = 'block rounded-lg px-3 py-2 hover:bg-surface-2 focus-visible:bg-surface-2';
  return (
    <li>
      {external ? (
        <a className={cls} href={link.href} target="_blank" rel="noreferrer noopener">
          {label} <span aria-hidden="true" className="inline-block rtl:-scale-x-100">↗</span>
        </a>
      ) : (
        <Link className={cls} to={link.href} onClick={onPick}>
          {label}
        </Link>
      )}
    </li>
  );
}

export function Sidebar() {
  const t = useT();
  const { sidebarOpen, setSidebar, open } = useUi();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (sidebarOpen && !el.open) el.showModal();
    if (!sidebarOpen && el.open) el.close();
  }, [sidebarOpen]);
  const close = () => {
    setSidebar(false);
  };
  const button = (label: string, action: () => void) => (
    <li>
      <button type="button" className="block w-full rounded-lg px-3 py-2 text-start hover:bg-surface-2" onClick={action}>
        {label}
      </button>
    </li>
  );
  return (
    <dialog
      ref={dialog}
      aria-label={t('a.sidebar.menu')}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) close();
      }}
      className="m-0 h-full max-h-none w-72 max-w-[85vw] border-e border-line bg-bg p-0 text-fg backdrop:bg-black/60"
    >
      <nav className="flex h-full flex-col gap-4 p-4">
        <div className="flex items-center justify-between">
          <p className="flex items-center gap-2 text-lg font-extrabold">
            <VolcanoIcon className="text-2xl" /> Lavalist
          </p>
          <button type="button" className="btn btn-ghost px-3" aria-label={t('a.sidebar.close')} onClick={close}>
            ✕
          </button>
        </div>
        <ul className="grid gap-1">
          {APP_LINKS.map((l) => (
            <LinkItem key={l.href} link={l} label={t(l.label)} onPick={close} />
          ))}
          {button(t('a.patchNotes.title'), () => {
            open('patchNotes');
          })}
          {button(t('a.testimonies.title'), () => {
            open('testimonies');
          })}
        </ul>
        {EXTERNAL_LINKS.length > 0 && (
          <ul className="grid gap-1 border-t border-line pt-3">
            {EXTERNAL_LINKS.map((l) => (
              <LinkItem key={l.href} link={l} label={l.label} onPick={close} />
            ))}
          </ul>
        )}
        {DONATION_URL && (
          <a className="btn btn-primary mt-auto" href={DONATION_URL} target="_blank" rel="noreferrer noopener">
            {t('a.sidebar.support')}
          </a>
        )}
      </nav>
    </dialog>
  );
}
