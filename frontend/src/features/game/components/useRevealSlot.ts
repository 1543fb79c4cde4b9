/**
 * Reveals the slot of each new result (../stores/feedback.ts) once it is on screen: scrolled
 * into view and flashed by ./revealSlot.ts, loaded on first use (the game screen warms it up, so
 * it works offline). `game` is the game's column (its top is the prompt's), `answers` the
 * slots' container.
 */
import { useEffect, type RefObject } from 'react';
import { useFeedback } from '../stores/feedback.ts';

export const loadRevealSlot = () => import('./revealSlot.ts');

export function useRevealSlot(game: RefObject<HTMLElement | null>, answers: RefObject<HTMLElement | null>): void {
  const reveal = useFeedback((s) => s.reveal);
  useEffect(() => {
    if (!reveal) return;
    const slot = answers.current?.querySelector<HTMLElement>(`[data-item-id="${String(reveal.itemId)}"]`);
    if (!slot) return;
    const focused = document.activeElement;
    const keep = focused?.id === 'guess' ? game.current : game.current?.contains(focused) ? focused : null;
    void loadRevealSlot().then((m) => {
      m.revealSlot(slot, keep ?? null);
    });
  }, [reveal, game, answers]);
}
