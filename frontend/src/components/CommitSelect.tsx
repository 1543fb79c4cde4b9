/**
 * A `<select>` whose choice is applied once the player has settled on it. Chromium (and
 * Firefox) fire `change` on every ArrowUp/ArrowDown, Home, End, Page key or typed letter of a
 * closed select, so a select that reloads a list on `change` reloaded it at each step on the
 * way to the option wanted. Here a keyboard step only moves the shown value; it is applied on
 * Enter, when focus leaves, or after a short pause (as a listbox would). A pick with the pointer,
 * or from the open drop-down (committed with Enter or a click), is applied at once.
 */
import { useEffect, useRef, useState, type ReactNode, type SelectHTMLAttributes } from 'react';

/** How long a keyboard choice rests before it is applied. */
export const SETTLE_MS = 700;

/** Keys that step through a closed select's options (and fire `change` natively). */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
/** Typed letters step too (type-ahead); Space opens the drop-down instead. */
const isStepKey = (key: string) => STEP_KEYS.has(key) || (key.length === 1 && key !== ' ');

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  value: string;
  /** Called once per settled choice that differs from `value`. */
  onCommit: (value: string) => void;
  children: ReactNode;
};

export function CommitSelect({ value, onCommit, onKeyDown, onBlur, onPointerDown, children, ...rest }: Props) {
  // A keyboard choice not applied yet; otherwise the select shows the applied value (which the
  // back button or a link may change).
  const [pending, setPending] = useState<string | null>(null);
  const stepping = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => { window.clearTimeout(timer.current); }, []);
  const shown = pending ?? value;

  const commit = (next: string) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setPending(null);
    if (next !== value) onCommit(next);
  };

  return (
    <select
      {...rest}
      value={shown}
      onChange={(e) => {
        const next = e.target.value;
        if (!stepping.current) {
          commit(next);
          return;
        }
        setPending(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => { commit(next); }, SETTLE_MS);
      }}
      onKeyDown={(e) => {
        stepping.current = isStepKey(e.key) && !e.altKey;
        if (e.key === 'Enter' && pending !== null) commit(pending);
        onKeyDown?.(e);
      }}
      onPointerDown={(e) => {
        stepping.current = false;
        onPointerDown?.(e);
      }}
      onBlur={(e) => {
        if (pending !== null) commit(pending);
        stepping.current = false;
        onBlur?.(e);
      }}
    >
      {children}
    </select>
  );
}
