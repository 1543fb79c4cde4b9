/**
 * Toasts (spec §8–§9): dismissible, 3 s by default. A toast may name its `flow` (a sign-up, a
 * share, a dispute): a newer toast of the same flow replaces the older ones, so a success clears
 * that flow's errors ("Verification Failed" never stays under "Account Verified!") and a retry's
 * error does not stack on the last one. Toasts without a flow behave as before. A `yields` toast
 * (the promo) is never shown next to another: it waits for the others to go (./showWhenQuiet) and
 * any newer toast replaces it, so it never stacks on "Results copied" over the game-over modal.
 */
import { create } from 'zustand';

export type ToastStatus = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  status: ToastStatus;
  duration: number;
  /** The flow the toast belongs to: a newer toast of that flow replaces it. */
  flow?: string;
  /** Low priority: any newer toast replaces it. */
  yields?: boolean;
}

export const DEFAULT_TOAST_MS = 3000;

export type NewToast = Omit<Toast, 'id' | 'duration'> & { duration?: number };

interface ToastStore {
  toasts: Toast[];
  show: (toast: NewToast) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
const MAX_VISIBLE = 3;

export const useToasts = create<ToastStore>()((set, get) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    const full: Toast = { duration: DEFAULT_TOAST_MS, ...toast, id };
    const kept = get().toasts.filter((t) => !t.yields && (toast.flow === undefined || t.flow !== toast.flow));
    set({ toasts: [...kept, full].slice(-MAX_VISIBLE) });
    return id;
  },
  dismiss: (id) => {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

export const toast = (t: NewToast) => useToasts.getState().show(t);

/** Shows a `yields` toast once no other toast is on screen (at once when none is). */
export function showWhenQuiet(t: Omit<NewToast, 'yields'>): () => void {
  const quiet = () => useToasts.getState().toasts.length === 0;
  if (quiet()) {
    toast({ ...t, yields: true });
    return () => undefined;
  }
  const unsubscribe = useToasts.subscribe(() => {
    if (!quiet()) return;
    unsubscribe();
    toast({ ...t, yields: true });
  });
  return unsubscribe;
}
