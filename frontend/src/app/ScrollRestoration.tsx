/**
 * Scroll restoration for the declarative router, built on react-router's own location keys and
 * navigation type (its `<ScrollRestoration>` component needs the data router, see router.tsx):
 * Back and Forward (a POP) put the page back where the player left it, a new page (PUSH or
 * REPLACE) starts at the top, or at its `#hash` target. Positions are kept per history entry in
 * sessionStorage, so they survive a reload as the browser's own restoration would.
 */
import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scrollPositions';

let positions: Record<string, number> | null = null;

function stored(): Record<string, number> {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
}

function persist(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored()));
  } catch {
    // Storage full or blocked: positions still work for this page's lifetime.
  }
}

export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  // Records this entry's position while it is on screen (the last scroll before a move wins).
  useEffect(() => {
    const record = () => {
      stored()[key] = window.scrollY;
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [key]);

  // Before paint, once the new page is in the DOM.
  useLayoutEffect(() => {
    const saved = stored()[key];
    if (type === NavigationType.Pop && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView();
      return;
    }
    if (type !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [key, hash, type]);

  return null;
}
