/**
 * A modal on the native <dialog>: focus trapped, Escape and the close button close it, and on
 * closing the focus goes back to what had it when it opened (./returnFocus.ts).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { returnFocus } from './returnFocus.ts';
import { useT } from '../lib/i18n.ts';

interface Props {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /**
   * Text with nothing to focus in it (patch notes): the scrolling body takes a Tab stop, named
   * by the title, so a keyboard can scroll it.
   */
  readOnly?: boolean;
}

export function Modal({ title, onClose, children, wide, readOnly }: Props) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    const opener = document.activeElement;
    if (el && !el.open) el.showModal();
    return () => {
      el?.close();
      returnFocus(opener);
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="modal-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose(); // a click on the backdrop
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-2xl' : 'max-w-lg'} rounded-2xl border border-line bg-bg p-0 text-fg shadow-2xl backdrop:bg-black/70`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <h2 id="modal-title" className="text-xl font-bold">
          {title}
        </h2>
        <button type="button" onClick={onClose} className="btn btn-ghost -me-2 px-3" aria-label={t('common.close')}>
          ✕
        </button>
      </div>
      <div
        className="max-h-[75vh] overflow-y-auto px-5 py-4"
        {...(readOnly ? { tabIndex: 0, role: 'region', 'aria-labelledby': 'modal-title' } : {})}
      >
        {children}
      </div>
    </dialog>
  );
}
