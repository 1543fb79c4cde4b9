/**
 * The pages of a list (spec §2: Previous, Next and 'Page X of Y', only when there is more than
 * one page), with the page numbers: the first, the last, the current one and its neighbours, and
 * "…" for the pages in between. Also what a list page does with the page number in its path
 * (`pageRedirect`: out of range goes to the last page, anything but a page number to the first)
 * and after a move with the pager (`usePageTop`: the list's top in view and focused).
 */
import { useEffect, useRef } from 'react';
import { Link, NavigationType, useLocation, useNavigationType } from 'react-router';
import { useT } from '../lib/i18n.ts';

export type PageItem = number | 'gap';

/** The page numbers to show: 1, the current one ± 1, the last; a gap hiding one page shows it instead. */
export function pageItems(page: number, pages: number): PageItem[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const p of shown) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && p - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && p - previous > 2) items.push('gap');
    items.push(p);
  }
  return items;
}

/**
 * Where a list page's path segment should send the player instead, or null when it names a page
 * to show: absent is page 1; anything but a whole number from 1 goes to page 1 (a number written
 * another way, `007`, to that page); once the number of pages is known, a page past the last goes
 * to the last (an empty list has one, empty, page), however large the number.
 */
export function pageRedirect(text: string | undefined, pages: number | undefined): number | null {
  if (text === undefined) return null;
  if (!/^\d+$/.test(text) || /^0+$/.test(text)) return 1;
  const page = Number(text);
  const last = Math.max(1, pages ?? 0);
  if (pages !== undefined && page > last) return last;
  // Too large to be exact: past any list's last page, which is known once page 1 has loaded.
  if (!Number.isSafeInteger(page)) return null;
  return String(page) === text ? null : page;
}

/** The page a path segment names (1 when absent or not a page number: `pageRedirect` moves it). */
export function pageOf(text: string | undefined): number {
  const page = /^\d+$/.test(text ?? '') ? Number(text) : 1;
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** What the pager's links put in the history entry, so the new page knows the move was theirs. */
const PAGER_STATE = { pager: true } as const;

const fromPager = (state: unknown) => typeof state === 'object' && state !== null && 'pager' in state;

/**
 * A ref for the list's top element (focusable: `tabIndex={-1}`). After a move with the pager
 * (not Back or Forward, which restore the scroll position, nor a search) it is scrolled into view
 * and focused: Next at the bottom of a long list lands at the top of the new page, and the next
 * Tab goes on from there.
 */
export function usePageTop<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();
  const key = location.key;
  const state: unknown = location.state;
  const type = useNavigationType();
  useEffect(() => {
    if (type === NavigationType.Pop || !fromPager(state)) return;
    const top = ref.current;
    top?.focus({ preventScroll: true });
    top?.scrollIntoView({ block: 'start' });
  }, [key, state, type]);
  return ref;
}

interface Props {
  page: number;
  pages: number;
  href: (page: number) => string;
}

const button = 'btn btn-secondary';
const number = 'btn min-w-10 justify-center px-2.5';

function Step({ to, label }: { to: string | null; label: string }) {
  if (to === null) {
    return (
      <span className={`${button} opacity-40`} aria-disabled="true">
        {label}
      </span>
    );
  }
  return (
    <Link className={button} to={to} state={PAGER_STATE}>
      {label}
    </Link>
  );
}

export function Pagination({ page, pages, href }: Props) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('c.pagination.label')} className="mt-6 grid justify-items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-1.5" data-testid="page-numbers">
        {pageItems(page, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${String(i)}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                state={PAGER_STATE}
                aria-label={t('c.pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                className={`${number} ${item === page ? 'btn-primary' : 'btn-secondary'}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      <div className="flex items-center gap-3">
        <Step to={page > 1 ? href(page - 1) : null} label={t('c.pagination.previous')} />
        <span data-testid="page-of">{t('c.pagination.pageOf', { page, pages })}</span>
        <Step to={page < pages ? href(page + 1) : null} label={t('c.pagination.next')} />
      </div>
    </nav>
  );
}
