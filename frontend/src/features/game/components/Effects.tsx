/**
 * End-of-game effects: a celebratory burst on a win (about 2 s, a new burst every 200 ms) and a
 * 1 s explosion on a loss. Skipped when animations are off (setting or reduced-motion).
 */
import { useEffect, useState } from 'react';

const BURST_MS = 2000;
const BURST_EVERY_MS = 200;
const EXPLOSION_MS = 1000;
/** Spark colours (palette variables), cycled burst by burst. */
const SPARKS = ['var(--yellow)', 'var(--lava-top)', 'var(--pink)', 'var(--green)', 'var(--blue)'];

interface Burst {
  id: number;
  left: number;
  top: number;
  spark: string;
}

function Celebration() {
  const [bursts, setBursts] = useState<Burst[]>([]);
  useEffect(() => {
    let id = 0;
    const timer = window.setInterval(() => {
      id += 1;
      const burst = { id, left: 10 + Math.random() * 80, top: 10 + Math.random() * 50, spark: SPARKS[id % SPARKS.length] ?? 'var(--yellow)' };
      setBursts((all) => [...all.slice(-8), burst]);
    }, BURST_EVERY_MS);
    const stop = window.setTimeout(() => {
      window.clearInterval(timer);
    }, BURST_MS);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
    };
  }, []);
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-40">
      {bursts.map((b) => (
        <span key={b.id} className="burst absolute" style={{ left: `${b.left}%`, top: `${b.top}%`, color: b.spark }} />
      ))}
    </div>
  );
}

function Explosion() {
  return <div aria-hidden="true" className="explosion pointer-events-none fixed inset-0 z-40" />;
}

export function EndEffect({ kind, enabled }: { kind: 'won' | 'lost' | null; enabled: boolean }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(
      () => {
        setVisible(false);
      },
      kind === 'won' ? BURST_MS + 800 : EXPLOSION_MS,
    );
    return () => {
      window.clearTimeout(timer);
    };
  }, [kind]);
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (!enabled || reduced || !visible || !kind) return null;
  return kind === 'won' ? <Celebration /> : <Explosion />;
}
