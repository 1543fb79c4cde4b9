/**
 * The WAI-ARIA menu button pattern, the button's half: Enter or Space (a click) and ArrowDown
 * open the menu on its first item, ArrowUp on its last. The open menu's half (./useMenuList.ts)
 * is loaded with the menu's own chunk, as the menu is only needed once opened. `open` is the
 * item the menu starts on, -1 for the last (the button does not know how many there are).
 *
 *   const { open, close, menuId, rootRef, buttonRef, buttonProps } = useMenuButton();
 *   <div ref={rootRef}><button ref={buttonRef} {...buttonProps}>…</button>
 *     {open !== null && <List id={menuId} start={open} rootRef={rootRef} onClose={close} />}</div>
 *
 * (Destructured: the React compiler's lint takes every property of an object holding refs for
 * a ref.)
 */
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';

export function useMenuButton() {
  /** The item the open menu starts on, or null while closed. */
  const [open, setOpen] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  /** Closes the menu; `refocus` gives the focus back to the button. */
  const close = useCallback((refocus: boolean) => {
    setOpen(null);
    if (refocus) buttonRef.current?.focus();
  }, []);

  const buttonProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open !== null,
    'aria-controls': open === null ? undefined : menuId,
    onClick: () => {
      setOpen(open === null ? 0 : null);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 0 : -1);
    },
  };

  return { open, close, menuId, rootRef, buttonRef, buttonProps };
}
