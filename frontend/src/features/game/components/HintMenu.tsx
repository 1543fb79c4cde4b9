/** 'Hint? (n/5)' (5: the core's `maxHints`) opening First Letter Hint and Length Hint; disabled by the core's rule. */
import { useEffect, useRef, useState } from 'react';
import type { HintKind } from '../../../core/game.ts';

interface Props {
  used: number;
  /** The core's `maxHints`. */
  max: number;
  enabled: boolean;
  onHint: (kind: HintKind) => void;
}

export function HintMenu({ used, max, enabled, onHint }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const pick = (kind: HintKind) => {
    setOpen(false);
    // The picked item disappears with the menu: keep keyboard focus in the game.
    trigger.current?.focus();
    onHint(kind);
  };
  return (
    <div ref={root} className="relative flex-1">
      <button
        ref={trigger}
        type="button"
        className="btn btn-secondary w-full"
        disabled={!enabled}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
        }}
      >
        Hint? ({used}/{max})
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-30 mt-1 w-56 overflow-hidden rounded-lg border border-line bg-surface shadow-xl">
          <button ref={first} role="menuitem" type="button" className="menu-item" onClick={() => {
            pick('firstLetter');
          }}>
            First Letter Hint
          </button>
          <button role="menuitem" type="button" className="menu-item" onClick={() => {
            pick('length');
          }}>
            Length Hint
          </button>
        </div>
      )}
    </div>
  );
}
