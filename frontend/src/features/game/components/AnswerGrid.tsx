/** The 10 answer slots in the core's display order, with hints and, at the end, the answers. */
import type { GameDef, GameView } from '../../../core/game.ts';

interface SlotProps {
  index: number;
  name: string;
  found: boolean;
  reveal: boolean;
  letter: string | number | undefined;
  length: string | number | undefined;
}

function Slot({ index, name, found, reveal, letter, length }: SlotProps) {
  const hintText = [letter !== undefined ? `Starts with ${String(letter)}` : null, length !== undefined ? `${String(length)} letters` : null]
    .filter(Boolean)
    .join(' · ');
  const tone = found ? 'border-lava-yellow bg-found text-fg' : reveal ? 'border-line bg-surface text-missed' : 'border-line bg-surface text-muted';
  return (
    <li className={`flex min-h-12 items-center gap-3 rounded-lg border px-3 py-2 ${tone}`} data-testid="slot" data-found={found}>
      <span className="w-6 text-right text-sm tabular-nums opacity-70">{index + 1}.</span>
      {found || reveal ? (
        <span className={`font-semibold ${found ? '' : 'line-through decoration-1'}`}>{name}</span>
      ) : (
        <span className="text-sm italic">{hintText || '\u00a0'}</span>
      )}
      {!found && !reveal && hintText && <span className="sr-only">hint</span>}
    </li>
  );
}

export function AnswerGrid({ def, view }: { def: GameDef; view: GameView }) {
  const byId = new Map(def.items.map((it) => [it.id, it]));
  const found = new Set(view.found);
  const letter = new Map(view.firstLetterHints.map((h) => [h.itemId, h.value]));
  const length = new Map(view.lengthHints.map((h) => [h.itemId, h.value]));
  return (
    <ol className="grid gap-2" aria-label="Answers">
      {view.display.map((id, i) => (
        <Slot
          key={id}
          index={i}
          name={byId.get(id)?.name ?? ''}
          found={found.has(id)}
          reveal={view.gameOver}
          letter={letter.get(id)}
          length={length.get(id)}
        />
      ))}
    </ol>
  );
}
