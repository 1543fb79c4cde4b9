/** Which modal and drawer are open. One modal at a time, as the original client. */
import { create } from 'zustand';

export type ModalName =
  | 'gameOver'
  | 'howToPlay'
  | 'settings'
  | 'testimonies'
  | 'patchNotes'
  | 'calendar'
  | 'login'
  | 'forgotPassword';

interface UiStore {
  modal: ModalName | null;
  sidebarOpen: boolean;
  open: (modal: ModalName) => void;
  close: () => void;
  setSidebar: (open: boolean) => void;
}

export const useUi = create<UiStore>()((set) => ({
  modal: null,
  sidebarOpen: false,
  open: (modal) => {
    set({ modal, sidebarOpen: false });
  },
  close: () => {
    set({ modal: null });
  },
  setSidebar: (sidebarOpen) => {
    set({ sidebarOpen });
  },
}));
