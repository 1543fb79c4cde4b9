/**
 * A yes/no question on the native <dialog> (an `alertdialog`): focus starts on the safe answer,
 * Escape and a click on the backdrop cancel. Render it only while the question is asked:
 *
 *   {asking && <ConfirmDialog message="Are you sure?" confirmLabel="Delete" tone="danger"
 *     onConfirm={…} onCancel={() => setAsking(false)} />}
 *
 * It can sit on top of an open modal: its ids are its own (useId), not the modal's. On closing,
 * the focus goes back to what had it when it opened (./returnFocus.ts).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { returnFocus } from './returnFocus.ts';
import { useT } from '../lib/i18n.ts';

interface Props {
  /** The question, e.g. 'Are you sure you want to delete this game?'. */
  message: ReactNode;
  /** A short heading above the question; defaults to "Please confirm" (translated). */
  title?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` paints the confirm button red (delete, leave with unsaved changes). */
  tone?: 'primary' | 'danger';
  /** While the confirmed action runs: both buttons disabled, the confirm button says so. */
  busy?: boolean;
  /** The confirm button is disabled (what the question needs is not there yet). */
  confirmDisabled?: boolean;
  /** What the question needs answered besides yes or no (a field), under the question. */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  message,
  title,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy = false,
  confirmDisabled = false,
  children,
  onConfirm,
  onCancel,
}: Props) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const el = dialog.current;
    const opener = document.activeElement;
    if (el && !el.open) el.showModal();
    cancel.current?.focus();
    return () => {
      el?.close();
      returnFocus(opener);
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(e) => {
        if (e.target === dialog.current && !busy) onCancel(); // a click on the backdrop
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-bg p-0 text-fg shadow-2xl backdrop:bg-black/70"
      data-testid="confirm-dialog"
    >
      <div className="grid gap-3 px-5 pt-5 pb-4">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {title ?? t('a.confirm.title')}
        </h2>
        <p id={`${id}-message`}>{message}</p>
        {children}
      </div>
      <div className="flex justify-end gap-2 border-t border-line px-5 py-4">
        <button ref={cancel} type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel ?? t('a.confirm.cancel')}
        </button>
        <button type="button" className={`btn ${tone === 'danger' ? 'btn-danger' : 'btn-primary'}`} disabled={busy || confirmDisabled} aria-busy={busy} onClick={onConfirm}>
          {busy ? t('a.confirm.working') : (confirmLabel ?? t('a.confirm.confirm'))}
        </button>
      </div>
    </dialog>
  );
}
