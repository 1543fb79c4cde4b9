/** The fire row (8 icons narrow, 16 wide: two per wrong guess) and the wrong guesses as typed. */
import { FlameIcon } from '../../../components/icons.tsx';

const MAX_WRONG = 8;

function FireRow({ wrong, icons, className }: { wrong: number; icons: number; className: string }) {
  const perGuess = icons / MAX_WRONG;
  return (
    <div className={className} aria-hidden="true">
      {Array.from({ length: icons }, (_, i) => (
        <FlameIcon key={i} className={i < wrong * perGuess ? 'fire-on text-lava-red' : 'fire-off text-muted'} />
      ))}
    </div>
  );
}

export function WrongGuesses({ guesses }: { guesses: string[] }) {
  return (
    <section className="mt-5" aria-label="Wrong guesses">
      <FireRow wrong={guesses.length} icons={8} className="flex justify-between text-2xl wide:hidden" />
      <FireRow wrong={guesses.length} icons={16} className="hidden justify-between text-xl wide:flex" />
      <p className="sr-only">
        {guesses.length} of {MAX_WRONG} wrong guesses
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
