/** The loaded WASM core for components (suspends until ready) and today's date from it. */
import { use, useEffect, useState } from 'react';
import { loadCore, type Core } from './wasm.ts';

export const useCore = (): Core => use(loadCore());

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
