/**
 * Back and Forward with unsaved changes (the create page). react-router's `useBlocker` needs its
 * data router, which this app does not use (~18 KB more of the first download than the
 * declarative `<BrowserRouter>`, see app/router.tsx), so the history move is caught here
 * instead: this listener is installed before the app renders, so it runs before the listener
 * BrowserRouter's history adds on `popstate` (when it first listens, in a layout effect) and
 * can stop it. The URL is put back, the page asks, and `leave()` repeats the move once the
 * player agreed.
 *
 * react-router keeps the entry's position in `history.state.idx`; that tells how far the player
 * moved (Back is -1, a long press on Back may be more).
 */
type Attempt = (leave: () => void) => void;

let attempt: Attempt | null = null;
let guardedIdx = 0;
/** Moves this module makes itself (putting the URL back), whose popstate the router must not see. */
let ownMoves = 0;

const idxOf = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

function onPopState(event: PopStateEvent): void {
  if (ownMoves > 0) {
    ownMoves -= 1;
    event.stopImmediatePropagation();
    return;
  }
  if (!attempt) return;
  const target = idxOf(event.state);
  if (target === null || target === guardedIdx) return;
  event.stopImmediatePropagation();
  const delta = target - guardedIdx;
  ownMoves += 1;
  window.history.go(-delta); // back to the guarded page, unseen by the router
  const ask = attempt;
  ask(() => {
    attempt = null;
    window.history.go(delta);
  });
}

/** Installs the listener; call once, before the router renders. */
export function installHistoryGuard(): void {
  window.addEventListener('popstate', onPopState);
}

/** While set, Back/Forward away from the current entry call `onAttempt` instead of moving. */
export function guardHistory(onAttempt: Attempt | null): void {
  attempt = onAttempt;
  guardedIdx = idxOf(window.history.state) ?? 0;
}
