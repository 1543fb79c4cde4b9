/** How to play, as an accordion whose open section is remembered (spec: accordionIndex). */
import '../../../styles/full.css';
import { useSettings } from '../../../stores/settings.ts';
import { Modal } from '../../../components/Modal.tsx';
import type { Rules } from '../../../core/game.ts';

/** The sections, with every number from the core's rules. */
function sections(r: Rules): { title: string; body: string[] }[] {
  const penalties =
    r.hintPenalty === r.wrongPenalty
      ? `minus ${String(r.hintPenalty)} per hint and per wrong guess`
      : `minus ${String(r.hintPenalty)} per hint and ${String(r.wrongPenalty)} per wrong guess`;
  return [
    {
      title: 'The goal',
      body: [
        `Each day brings a prompt describing a list of ${String(r.itemsPerGame)} hidden items. Name them all before you make ${String(r.maxWrong)} wrong guesses.`,
        'A new game starts every midnight, New York time.',
      ],
    },
    {
      title: 'Guessing',
      body: [
        'Type a guess and press Enter or Guess. Case, spaces and punctuation do not matter, and small typos are auto-corrected.',
        'Each wrong guess makes the lava rise. A repeated wrong guess is not counted twice.',
      ],
    },
    {
      title: 'Hints and score',
      body: [
        `Up to ${String(r.maxHints)} hints in total: a first letter or a length, each given to the first item you have not found.`,
        `Score: ${String(r.pointsPerItem)} per item found, ${penalties}.`,
      ],
    },
  ];
}

export function HowToPlayModal({ rules, onClose }: { rules: Rules; onClose: () => void }) {
  const index = useSettings((s) => s.accordionIndex);
  const set = useSettings((s) => s.set);
  return (
    <Modal title="How to play" onClose={onClose}>
      <div className="grid gap-2">
        {sections(rules).map((s, i) => (
          <section key={s.title} className="rounded-lg border border-line">
            <h3>
              <button
                type="button"
                aria-expanded={i === index}
                aria-controls={`howto-${i}`}
                className="flex w-full justify-between px-4 py-3 text-start font-semibold"
                onClick={() => {
                  set('accordionIndex', i);
                }}
              >
                {s.title} <span aria-hidden="true">{i === index ? '−' : '+'}</span>
              </button>
            </h3>
            {i === index && (
              <div id={`howto-${i}`} className="grid gap-2 px-4 pb-4 text-sm">
                {s.body.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            )}
          </section>
        ))}
      </div>
    </Modal>
  );
}
