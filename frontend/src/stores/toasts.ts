/** Toasts (spec §8–§9): dismissible, 3 s by default. */
import { create } from 'zustand';

export type ToastStatus = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  status: ToastStatus;
  duration: number;
}

export const DEFAULT_TOAST_MS = 3000;

interface ToastStore {
  toasts: Toast[];
  show: (toast: Omit<Toast, 'id' | 'duration'> & { duration?: number }) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
const MAX_VISIBLE = 3;

export const useToasts = create<ToastStore>()((set, get) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    const full: Toast = { duration: DEFAULT_TOAST_MS, ...toast, id };
    set({ toasts: [...get().toasts, full].slice(-MAX_VISIBLE) });
    return id;
  },
  dismiss: (id) => {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

export const toast = (t: Omit<Toast, 'id' | 'duration'> & { duration?: number }) => useToasts.getState().show(t);
