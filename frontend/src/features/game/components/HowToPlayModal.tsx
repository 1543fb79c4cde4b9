/**
 * How to play, as three sections. The goal and guessing (typos are forgiven, with an example)
 * open on every visit: a newcomer reads them without a click. Hints and score open on demand;
 * the section last opened is remembered and opens too (spec: accordionIndex).
 */
import '../../../styles/full.css';
import { useState } from 'react';
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
      body: [t('a.howto.guessing.type'), t('a.howto.guessing.example'), t('a.howto.guessing.lava')],
    },
    {
      title: t('a.howto.hints'),
      body: [t('a.howto.hints.count', { hints: r.maxHints }), score],
    },
  ];
}

/** The goal and guessing: what a newcomer must read. */
const ESSENTIAL = [0, 1];

/** The sections open when the modal opens: the essentials and the one last opened. */
function useOpenSections() {
  const remembered = useSettings((s) => s.accordionIndex);
  const set = useSettings((s) => s.set);
  const [open, setOpen] = useState(() => new Set([...ESSENTIAL, remembered]));
  const toggle = (i: number) => {
    const next = new Set(open);
    if (next.has(i)) next.delete(i);
    else {
      next.add(i);
      set('accordionIndex', i);
    }
    setOpen(next);
  };
  return { open, toggle };
}

export function HowToPlayModal({ rules, onClose }: { rules: Rules; onClose: () => void }) {
  const t = useT();
  const { open, toggle } = useOpenSections();
  return (
    <Modal title={t('header.howToPlay')} onClose={onClose}>
      <div className="grid gap-2">
        {sections(t, rules).map((s, i) => (
          <section key={s.title} className="rounded-lg border border-line">
            <h3>
              <button
                type="button"
                aria-expanded={open.has(i)}
                aria-controls={`howto-${i}`}
                className="flex w-full justify-between px-4 py-3 text-start font-semibold"
                onClick={() => {
                  toggle(i);
                }}
              >
                {s.title} <span aria-hidden="true">{open.has(i) ? '−' : '+'}</span>
              </button>
            </h3>
            {open.has(i) && (
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
