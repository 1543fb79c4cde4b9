/**
 * The WAI-ARIA menu button pattern, the open menu's half (the button's is ./useMenuButton.ts):
 * the menu starts on item `start` (-1: the last); ArrowDown and ArrowUp move (wrapping round), Home and End go
 * to the ends, Escape closes it and gives the focus back to the button, Tab closes it and the
 * focus moves on; a pointer or the focus outside `root` (the button and its menu) closes it too.
 * Only the item in focus is in the tab order (a roving tabindex).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export function useMenuList(count: number, start: number, rootRef: RefObject<HTMLElement | null>, onClose: (refocus: boolean) => void) {
  const [active, setActive] = useState(start < 0 ? count + start : start);
  const items = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    items.current[active]?.focus();
  }, [active]);

  useEffect(() => {
    const outside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [rootRef, onClose]);

  const menuProps = {
    role: 'menu' as const,
    onKeyDown: (event: KeyboardEvent) => {
      const last = count - 1;
      const moves: Partial<Record<string, number>> = {
        ArrowDown: active === last ? 0 : active + 1,
        ArrowUp: active === 0 ? last : active - 1,
        Home: 0,
        End: last,
      };
      const next = moves[event.key];
      if (next !== undefined) {
        event.preventDefault();
        setActive(next);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        onClose(true);
      } else if (event.key === 'Tab') {
        onClose(false);
      }
    },
  };

  const itemProps = (index: number) => ({
    ref: (el: HTMLElement | null) => {
      items.current[index] = el;
    },
    role: 'menuitem' as const,
    tabIndex: index === active ? 0 : -1,
    onFocus: () => {
      setActive(index);
    },
  });

  return { menuProps, itemProps };
}
