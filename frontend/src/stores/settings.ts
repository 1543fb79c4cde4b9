/**
 * Player settings and one-time flags, each persisted under its own spec key (§3) so that other
 * clients and older saves read the same entries. Corrupt entries read as the default.
 */
import { create } from 'zustand';
import { KEYS, readBool, readJson, readString, writeJson, writeRaw } from '../lib/storage.ts';

export type ColorMode = 'light' | 'dark' | 'system';

export interface Settings {
  disableAnimations: boolean;
  dontShowFullUrl: boolean;
  highContrast: boolean;
  colorMode: ColorMode;
  howToPlayModalShown: boolean;
  promoToastShown: boolean;
  /** Which how-to-play section is open (spec: accordionIndex). */
  accordionIndex: number;
}

const COLOR_MODES: readonly ColorMode[] = ['light', 'dark', 'system'];

export function readSettings(): Settings {
  const mode = readString(KEYS.colorMode);
  const accordion = readJson(KEYS.accordionIndex);
  return {
    disableAnimations: readBool(KEYS.disableAnimations, false),
    dontShowFullUrl: readBool(KEYS.dontShowFullUrl, false),
    highContrast: readBool(KEYS.highContrast, false),
    // Spec §9: dark by default, not following the system unless chosen.
    colorMode: COLOR_MODES.find((m) => m === mode) ?? 'dark',
    howToPlayModalShown: readBool(KEYS.howToPlayModalShown, false),
    promoToastShown: readBool(KEYS.promoToastShown, false),
    accordionIndex: typeof accordion === 'number' && Number.isInteger(accordion) && accordion >= 0 ? accordion : 0,
  };
}

interface SettingsStore extends Settings {
  set: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}

export const useSettings = create<SettingsStore>()((set) => ({
  ...readSettings(),
  set: (key, value) => {
    if (key === 'colorMode') writeRaw(KEYS.colorMode, String(value));
    else writeJson(KEYS[key], value);
    set({ [key]: value } as Partial<Settings>);
  },
}));
