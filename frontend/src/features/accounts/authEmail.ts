/** The e-mail typed in the login modal, so 'Forgot password?' opens already filled in. */
import { create } from 'zustand';

interface AuthEmail {
  email: string;
  setEmail: (email: string) => void;
}

export const useAuthEmail = create<AuthEmail>()((set) => ({
  email: '',
  setEmail: (email) => {
    set({ email });
  },
}));
