/**
 * The fire row (one icon per allowed wrong guess narrow, two wide) and the wrong guesses as
 * typed; `max` is the core's `maxWrong`.
 */
import { FlameIcon } from '../../../components/icons.tsx';

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

export function WrongGuesses({ guesses, max }: { guesses: string[]; max: number }) {
  return (
    <section className="mt-5" aria-label="Wrong guesses">
      <FireRow wrong={guesses.length} max={max} icons={max} className="flex justify-between text-2xl wide:hidden" />
      <FireRow wrong={guesses.length} max={max} icons={2 * max} className="hidden justify-between text-xl wide:flex" />
      <p className="sr-only">
        {guesses.length} of {max} wrong guesses
      </p>
      <ul className="mt-3 flex flex-wrap gap-2" data-testid="wrong-guesses">
        {guesses.map((g) => (
          <li key={g} className="rounded-full border border-lava-red/60 px-3 py-1 text-sm text-wrong line-through">
            {g}
          </li>
        ))}
      </ul>
    </section>
  );
}
