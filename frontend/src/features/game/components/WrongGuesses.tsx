/**
 * The fire row (one icon per allowed wrong guess narrow, two wide) and the wrong guesses as
 * typed; `max` is the core's `maxWrong`. On a finished game whose result is stored, each wrong
 * guess a dispute could be right about (`disputable`: the core's rule) has an "I was right"
 * button (`dispute`).
 */
import { FlameIcon } from '../../../components/icons.tsx';
import { lazy, Suspense } from 'react';
import type { DisputeControls } from './useDisputes.ts';
import { useT } from '../../../lib/i18n.ts';

function FireRow({ wrong, max, icons, className }: { wrong: number; max: number; icons: number; className: string }) {
  const perGuess = icons / max;
  return (
    <div className={className} aria-hidden="true">
      {Array.from({ length: icons }, (_, i) => (
        <FlameIcon key={i} className={i < wrong * perGuess ? 'fire-on text-lava-red' : 'fire-off text-muted'} />
      ))}
    </div>
  );
}

// The dispute button shows only on a finished game with a stored result: its own chunk.
const DisputeButton = lazy(() => import('./DisputeButton.tsx').then((m) => ({ default: m.DisputeButton })));

interface Props {
  guesses: string[];
  max: number;
  dispute?: DisputeControls | null;
  disputable?: string[];
}

export function WrongGuesses({ guesses, max, dispute, disputable = [] }: Props) {
  const t = useT();
  return (
    <section className="mt-5" aria-label={t('game.wrongGuesses')}>
      <FireRow wrong={guesses.length} max={max} icons={max} className="flex justify-between text-2xl wide:hidden" />
      <FireRow wrong={guesses.length} max={max} icons={2 * max} className="hidden justify-between text-xl wide:flex" />
      <p className="sr-only">
        {t('game.wrongGuesses.count', { count: guesses.length, max })}
      </p>
      <ul className="mt-3 flex flex-wrap gap-2" data-testid="wrong-guesses">
        {guesses.map((g) =>
          dispute && disputable.includes(g) ? (
            <li key={g} className="flex items-center gap-2 rounded-full border border-lava-red/60 py-1 ps-3 pe-1 text-sm">
              <span dir="auto" className="text-wrong line-through">{g}</span>
              <Suspense fallback={null}>
                <DisputeButton guess={g} controls={dispute} />
              </Suspense>
            </li>
          ) : (
            <li key={g} dir="auto" className="rounded-full border border-lava-red/60 px-3 py-1 text-sm text-wrong line-through">
              {g}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
