/** 'Next game in HH:MM:SS' to the next midnight in New York (the core's clock), every second. */
import { useEffect, useState } from 'react';
import type { Core } from '../../../core/wasm.ts';
import { useT } from '../../../lib/i18n.ts';

export function formatHms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export function Countdown({ core }: { core: Core }) {
  const t = useT();
  const [seconds, setSeconds] = useState(() => core.secondsToNextGame(Date.now()));
  useEffect(() => {
    const timer = window.setInterval(() => {
      setSeconds(core.secondsToNextGame(Date.now()));
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [core]);
  return (
    <p className="text-center font-semibold tabular-nums" data-testid="countdown">
      {t('game.nextGameIn', { time: formatHms(seconds) })}
    </p>
  );
}
