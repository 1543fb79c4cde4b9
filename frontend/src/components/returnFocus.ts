/**
 * Where the focus goes when a dialog or a menu closes: back to what had it before (its trigger),
 * or, when that is gone, disabled or in a closed dialog, to the page's home for the focus: the
 * first enabled field or button inside `[data-focus-home]` (on the game screen its guess box, or
 * once the game is over its next action), so the focus never drops to the page's body.
 */
const HOME = '[data-focus-home] :is(input, button):not(:disabled)';

function usable(el: Element | null): el is HTMLElement {
  return el instanceof HTMLElement && el !== document.body && el.isConnected && !el.matches(':disabled') && !el.closest('[inert], dialog:not([open])');
}

export function returnFocus(previous: Element | null): void {
  const target = usable(previous) ? previous : document.querySelector<HTMLElement>(HOME);
  target?.focus();
}
