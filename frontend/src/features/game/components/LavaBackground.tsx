/** The rising lava behind the game: its height is the core's meter (0–100). */
export function LavaBackground({ level, animate }: { level: number; animate: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-testid="lava"
      data-level={level}
      className={`lava pointer-events-none fixed inset-x-0 bottom-0 -z-10 ${animate ? 'lava-animated' : ''}`}
      style={{ height: `${Math.max(4, level)}%` }}
    />
  );
}
