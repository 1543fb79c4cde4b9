/**
 * 'Hint? (n/5)' (5: the core's `maxHints`) opening First Letter Hint and Length Hint; disabled by
 * the core's rule. A menu button (../../../components/useMenuButton.ts): arrows, Home and End,
 * Escape back to the button. After a hint the focus is on the button again, or, once no hint is
 * left and the button is disabled, in the guess box (../../../components/returnFocus.ts). The
 * open menu (./HintList.tsx) is not part of the first download.
 */
import { Suspense, useEffect, useRef } from 'react';
import type { HintKind } from '../../../core/game.ts';
import { returnFocus } from '../../../components/returnFocus.ts';
import { useMenuButton } from '../../../components/useMenuButton.ts';
import { lazyNow, useWarmUp } from '../../../lib/warmUp.ts';
import { useT } from '../../../lib/i18n.ts';

const hintList = lazyNow(() => import('./HintList.tsx').then((m) => m.HintList));
const WARM_UP = [hintList.warm];

interface Props {
  used: number;
  /** The core's `maxHints`. */
  max: number;
  enabled: boolean;
  /** Gives a hint; false when the core refused it. */
  onHint: (kind: HintKind) => boolean;
}

export function HintMenu({ used, max, enabled, onHint }: Props) {
  const { open, close, menuId, rootRef, buttonRef, buttonProps } = useMenuButton();
  const picked = useRef(false);
  const t = useT();
  useWarmUp(WARM_UP);

  // Once the hint is on screen: the button may have just been disabled (no hint left).
  useEffect(() => {
    if (!picked.current) return;
    picked.current = false;
    returnFocus(buttonRef.current);
  }, [used, enabled, buttonRef]);

  const pick = (kind: HintKind) => {
    close(true);
    picked.current = onHint(kind);
  };
  return (
    <div ref={rootRef} className="relative flex-1">
      <button ref={buttonRef} type="button" className="btn btn-secondary w-full" disabled={!enabled} {...buttonProps}>
        {t('game.hint.button', { used, max })}
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <hintList.Component id={menuId} start={open} rootRef={rootRef} onClose={close} onPick={pick} />
        </Suspense>
      )}
    </div>
  );
}
