/** How to play, as an accordion whose open section is remembered (spec: accordionIndex). */
import { useSettings } from '../../../stores/settings.ts';
import { Modal } from '../../../components/Modal.tsx';

const SECTIONS: { title: string; body: string[] }[] = [
  {
    title: 'The goal',
    body: [
      'Each day brings a prompt describing a list of 10 hidden items. Name them all before you make 8 wrong guesses.',
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
      'Up to 5 hints in total: a first letter or a length, each given to the first item you have not found.',
      'Score: 100 per item found, minus 10 per hint and per wrong guess.',
    ],
  },
];

export function HowToPlayModal({ onClose }: { onClose: () => void }) {
  const index = useSettings((s) => s.accordionIndex);
  const set = useSettings((s) => s.set);
  return (
    <Modal title="How to play" onClose={onClose}>
      <div className="grid gap-2">
        {SECTIONS.map((s, i) => (
          <section key={s.title} className="rounded-lg border border-line">
            <h3>
              <button
                type="button"
                aria-expanded={i === index}
                aria-controls={`howto-${i}`}
                className="flex w-full justify-between px-4 py-3 text-left font-semibold"
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
