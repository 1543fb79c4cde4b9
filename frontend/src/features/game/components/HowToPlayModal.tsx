/** How to play, as an accordion whose open section is remembered (spec: accordionIndex). */
import '../../../styles/full.css';
import { useSettings } from '../../../stores/settings.ts';
import { Modal } from '../../../components/Modal.tsx';
import type { Rules } from '../../../core/game.ts';
import { useT, type Translate } from '../../../lib/i18n.ts';

/** The sections, with every number from the core's rules. */
function sections(t: Translate, r: Rules): { title: string; body: string[] }[] {
  const score =
    r.hintPenalty === r.wrongPenalty
      ? t('a.howto.score.samePenalty', { points: r.pointsPerItem, penalty: r.hintPenalty })
      : t('a.howto.score', { points: r.pointsPerItem, hint: r.hintPenalty, wrong: r.wrongPenalty });
  return [
    {
      title: t('a.howto.goal'),
      body: [t('a.howto.goal.list', { items: r.itemsPerGame, wrong: r.maxWrong }), t('a.howto.goal.daily')],
    },
    {
      title: t('a.howto.guessing'),
      body: [t('a.howto.guessing.type'), t('a.howto.guessing.lava')],
    },
    {
      title: t('a.howto.hints'),
      body: [t('a.howto.hints.count', { hints: r.maxHints }), score],
    },
  ];
}

export function HowToPlayModal({ rules, onClose }: { rules: Rules; onClose: () => void }) {
  const t = useT();
  const index = useSettings((s) => s.accordionIndex);
  const set = useSettings((s) => s.set);
  return (
    <Modal title={t('header.howToPlay')} onClose={onClose}>
      <div className="grid gap-2">
        {sections(t, rules).map((s, i) => (
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
