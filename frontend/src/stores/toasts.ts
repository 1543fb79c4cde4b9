/**
 * Toasts (spec §8–§9): dismissible, 3 s by default. A toast may name its `flow` (a sign-up, a
 * share, a dispute): a newer toast of the same flow replaces the older ones, so a success clears
 * that flow's errors ("Verification Failed" never stays under "Account Verified!") and a retry's
 * error does not stack on the last one. Toasts without a flow behave as before.
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
    const kept = toast.flow === undefined ? get().toasts : get().toasts.filter((t) => t.flow !== toast.flow);
    set({ toasts: [...kept, full].slice(-MAX_VISIBLE) });
    return id;
  },
  dismiss: (id) => {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

export const toast = (t: NewToast) => useToasts.getState().show(t);
