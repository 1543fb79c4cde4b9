/**
 * Brings a found or hinted answer slot into view and flashes it, without moving the focus. While
 * the player types (the guess box has focus; on a phone the keyboard is open and the screen is
 * short), the page scrolls no further than keeps the prompt under the header: the result line
 * under the input already says what was found. From the hint menu it scrolls as far as keeps the
 * menu's button in view. The flash is a glow fading out, a still outline under reduced motion
 * (the system's or the setting's). Loaded on the first reveal (./useRevealSlot.ts), not part of
 * the first download.
 */

export interface Edges {
  top: number;
  bottom: number;
}

const MARGIN = 8;
const FLASH_MS = 1200;
const GLOW = [{ boxShadow: '0 0 0 4px var(--yellow)' }, { boxShadow: '0 0 0 4px transparent' }];
const OUTLINE = [{ outline: '3px solid var(--yellow)' }, { outline: '3px solid var(--yellow)' }];

/**
 * How far to scroll (px, negative up) to show `slot` between `top` (the sticky header's bottom)
 * and `bottom` (the viewport's), at most as far as keeps `keep` in that band too.
 */
export function scrollNeeded(slot: Edges, keep: Edges | null, top: number, bottom: number): number {
  if (slot.top < top + MARGIN) {
    const up = slot.top - top - MARGIN;
    return keep ? Math.min(0, Math.max(up, keep.bottom - bottom + MARGIN)) : up;
  }
  if (slot.bottom <= bottom - MARGIN) return 0;
  const down = slot.bottom - bottom + MARGIN;
  return keep ? Math.max(0, Math.min(down, keep.top - top - MARGIN)) : down;
}

function reducedMotion(): boolean {
  return document.documentElement.dataset.motion === 'off' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Flashes the slot (again from the start when it was still flashing). */
export function flash(slot: HTMLElement, still = reducedMotion()): Animation {
  slot.getAnimations().forEach((a) => {
    a.cancel();
  });
  return slot.animate(still ? OUTLINE : GLOW, { duration: FLASH_MS, easing: 'ease-out' });
}

/** `keep`: what must stay in view (the prompt while typing, else the focused control). */
export function revealSlot(slot: HTMLElement, keep: Element | null): void {
  const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const delta = scrollNeeded(slot.getBoundingClientRect(), keep?.getBoundingClientRect() ?? null, Math.max(0, header), window.innerHeight);
  if (delta !== 0) window.scrollBy({ top: delta, behavior: reducedMotion() ? 'auto' : 'smooth' });
  flash(slot);
}
