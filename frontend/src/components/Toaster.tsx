/**
 * Toasts: top on screens ≤ 768 px, else bottom; each closable and gone after its duration. While a
 * modal is open they sit at the bottom on every screen (`.toaster` in index.css): a phone's modal
 * has its title and close button at the top, where a toast would cover them.
 */
import { useEffect, useRef } from 'react';
import { useToasts, type Toast } from '../stores/toasts.ts';
import { useUi } from '../stores/ui.ts';
import { useT } from '../lib/i18n.ts';

/** Each status's colours (also the game's result line). */
export const TONE: Record<Toast['status'], string> = {
  success: 'border-lava-yellow bg-toast-success',
  error: 'border-lava-red bg-toast-error',
  info: 'border-sky-400 bg-toast-info',
  warning: 'border-orange-400 bg-toast-warning',
};

function ToastView({ toast }: { toast: Toast }) {
  const t = useT();
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      dismiss(toast.id);
    }, toast.duration);
    return () => {
      window.clearTimeout(timer);
    };
  }, [toast, dismiss]);
  return (
    <div role={toast.status === 'error' ? 'alert' : 'status'} data-status={toast.status} className={`toast pointer-events-auto flex w-full items-start gap-3 rounded-xl border-s-4 px-4 py-3 text-white shadow-xl ${TONE[toast.status]}`}>
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
      </div>
      <button type="button" aria-label={t('common.closeNotification')} className="-me-1 rounded px-2 text-lg leading-none hover:bg-white/20" onClick={() => {
        dismiss(toast.id);
      }}>
        ✕
      </button>
    </div>
  );
}

/**
 * Keeps the toaster in the browser's top layer, above any open <dialog>: re-showing the popover
 * moves it to the front, so a toast raised from a modal (e.g. Share) is not under its backdrop.
 */
function useTopLayer(ref: React.RefObject<HTMLDivElement | null>, count: number) {
  // A modal opening (or the drawer) goes on top of the top layer: bring the toasts back above it.
  const modal = useUi((s) => s.modal);
  const drawer = useUi((s) => s.sidebarOpen);
  useEffect(() => {
    const el = ref.current;
    if (!el || !('showPopover' in el) || count === 0) return;
    if (el.matches(':popover-open')) el.hidePopover();
    el.showPopover();
  }, [ref, count, modal, drawer]);
}

export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const root = useRef<HTMLDivElement>(null);
  useTopLayer(root, toasts.length === 0 ? 0 : (toasts.at(-1)?.id ?? 0));
  return (
    <div
      ref={root}
      popover="manual"
      aria-live="polite"
      className="toaster pointer-events-none fixed inset-x-0 top-2 bottom-auto z-[60] m-0 mx-auto flex h-auto w-full max-w-md flex-col gap-2 overflow-visible border-0 bg-transparent p-0 px-3 wide:top-auto wide:bottom-4"
      data-testid="toaster"
    >
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </div>
  );
}
