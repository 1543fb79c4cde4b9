/** The open hint menu (./HintMenu.tsx): loaded when first opened, or a second after start. */
import type { RefObject } from 'react';
import type { HintKind } from '../../../core/game.ts';
import { useMenuList } from '../../../components/useMenuList.ts';
import { useT } from '../../../lib/i18n.ts';

export const HINT_ITEMS: [HintKind, string][] = [
  ['firstLetter', 'game.hint.firstLetter'],
  ['length', 'game.hint.length'],
];

interface Props {
  id: string;
  /** The item the menu starts on. */
  start: number;
  rootRef: RefObject<HTMLElement | null>;
  onClose: (refocus: boolean) => void;
  onPick: (kind: HintKind) => void;
}

export function HintList({ id, start, rootRef, onClose, onPick }: Props) {
  const t = useT();
  const { menuProps, itemProps } = useMenuList(HINT_ITEMS.length, start, rootRef, onClose);
  return (
    <div id={id} aria-label={t('game.hint.menu')} className="absolute end-0 z-30 mt-1 w-56 overflow-hidden rounded-lg border border-line bg-surface shadow-xl" {...menuProps}>
      {HINT_ITEMS.map(([kind, label], i) => (
        <button key={kind} type="button" className="menu-item" {...itemProps(i)} onClick={() => {
          onPick(kind);
        }}>
          {t(label)}
        </button>
      ))}
    </div>
  );
}
