/** The loaded WASM core for components (suspends until ready) and today's date from it. */
import { use, useEffect, useState } from 'react';
import { loadCore, type Core } from './wasm.ts';
import { loadScriptsCore, needsOtherCore } from './scriptsCore.ts';

export const useCore = (): Core => use(loadCore());

/**
 * The module that plays a game: the play module, or the module of every script when the game's
 * texts (names, spellings, saved guesses) need it (suspends while it loads).
 */
export function useCoreFor(core: Core, texts: string[]): Core {
  return needsOtherCore(core, texts) ? use(loadScriptsCore()) : core;
}

/**
 * Today's game date in New York, re-checked every second so that an open page moves to the
 * next day's game at midnight (the next-day reset).
 */
export function useToday(core: Core): string {
  const [today, setToday] = useState(() => core.todayNewYork(Date.now()));
  useEffect(() => {
    const timer = window.setInterval(() => {
      setToday(core.todayNewYork(Date.now()));
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [core]);
  return today;
}
