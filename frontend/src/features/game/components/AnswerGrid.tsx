/**
 * The 10 answer slots in the core's display order, with hints and, at the end, the answers. Each
 * slot says its state in text as well as in colour: found, hinted, or, once the game is over,
 * missed, which has its own look (dashed, muted, labelled), never a wrong guess's pink
 * strikethrough. `data-item-id` lets the game screen bring a slot into view (./revealSlot.ts).
 */
import type { GameDef, GameView, GivenHint } from '../../../core/game.ts';
import { lengthText } from './guessFeedback.ts';
import { isolate } from '../../../lib/bidi.ts';
import { useT, type Translate } from '../../../lib/i18n.ts';

type SlotState = 'found' | 'missed' | 'hinted' | 'hidden';

/** What a slot's state is called, read out after its name or hint (and shown for a miss). */
const STATE_TEXT = { found: 'game.slot.found', missed: 'game.slot.missed', hinted: 'game.slot.hinted' } as const;

const TONE: Record<SlotState, string> = {
  found: 'border-lava-yellow bg-found text-fg',
  missed: 'border-dashed border-line text-muted',
  hinted: 'border-line bg-surface text-muted',
  hidden: 'border-line bg-surface text-muted',
};

interface SlotProps {
  index: number;
  itemId: number;
  name: string;
  state: SlotState;
  letter: GivenHint | undefined;
  length: GivenHint | undefined;
}

function hintText(t: Translate, letter: GivenHint | undefined, length: GivenHint | undefined): string {
  const parts = [letter ? t('game.slot.startsWith', { letter: isolate(letter.value) }) : null, length ? lengthText(length.value, length.words) : null];
  return parts.filter(Boolean).join(' · ');
}

function Slot({ index, itemId, name, state, letter, length }: SlotProps) {
  const t = useT();
  const named = state === 'found' || state === 'missed';
  return (
    <li className={`flex min-h-12 items-center gap-3 rounded-lg border px-3 py-2 ${TONE[state]}`} data-testid="slot" data-found={state === 'found'} data-state={state} data-item-id={itemId}>
      <span className="w-6 text-end text-sm tabular-nums">{index + 1}.</span>
      {named ? <span dir="auto" className={state === 'found' ? 'font-semibold' : ''}>{name}</span> : <span className="text-sm italic">{hintText(t, letter, length) || '\u00a0'}</span>}
      {state === 'missed' ? (
        <span className="ms-auto text-xs tracking-wider uppercase">{t(STATE_TEXT.missed)}</span>
      ) : (
        state !== 'hidden' && <span className="sr-only">({t(STATE_TEXT[state])})</span>
      )}
    </li>
  );
}

function slotState(found: boolean, over: boolean, hinted: boolean): SlotState {
  if (found) return 'found';
  if (over) return 'missed';
  return hinted ? 'hinted' : 'hidden';
}

export function AnswerGrid({ def, view }: { def: GameDef; view: GameView }) {
  const byId = new Map(def.items.map((it) => [it.id, it]));
  const found = new Set(view.found);
  const letter = new Map(view.firstLetterHints.map((h) => [h.itemId, h]));
  const length = new Map(view.lengthHints.map((h) => [h.itemId, h]));
  const t = useT();
  return (
    <ol className="grid gap-2" aria-label={t('game.answers')}>
      {view.display.map((id, i) => (
        <Slot
          key={id}
          index={i}
          itemId={id}
          name={byId.get(id)?.name ?? ''}
          state={slotState(found.has(id), view.gameOver, letter.has(id) || length.has(id))}
          letter={letter.get(id)}
          length={length.get(id)}
        />
      ))}
    </ol>
  );
}
