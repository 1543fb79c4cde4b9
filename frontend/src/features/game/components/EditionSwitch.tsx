/**
 * Which daily edition `/` is playing, and the switch to the others that matter to this player:
 * English, the interface language's and the one chosen on this device, when they have a game
 * today. Switching plays that edition's game at once (no reload) and is remembered on this
 * device (lib/edition.ts); the game left behind keeps its progress.
 */
import type { Game } from '../../../api/generated/index.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { editionName, ENGLISH, storedEdition, useEdition } from '../../../lib/edition.ts';
import { isLocale, type Locale } from '../../../lib/locale.ts';

/** The editions worth offering besides the one playing, English first. */
export function offeredEditions(game: Game, interfaceLocale: Locale, stored: Locale | undefined): Locale[] {
  const playing = game.edition ?? ENGLISH;
  const relevant = new Set<string>([ENGLISH, interfaceLocale, ...(stored ? [stored] : [])]);
  return (game.editions ?? []).filter((e): e is Locale => isLocale(e) && e !== playing && relevant.has(e));
}

/** `archive`: a past day's game (its own wording: not "today"). */
export function EditionSwitch({ game, archive = false }: { game: Game; archive?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const choose = useEdition((s) => s.choose);
  const playing = game.edition ?? ENGLISH;
  const offered = offeredEditions(game, locale, storedEdition());
  if (playing === ENGLISH && offered.length === 0) return null;
  return (
    <nav aria-label={t('edition.label')} data-testid="edition-switch" className="mx-auto flex w-full max-w-[1200px] flex-wrap items-center gap-x-3 gap-y-1 px-4 pt-3 text-sm">
      {playing !== ENGLISH && (
        <span className="font-semibold" data-testid="edition-playing">
          {t(archive ? 'edition.archive.playing' : 'edition.playing', { language: editionName(playing) })}
        </span>
      )}
      {offered.map((edition) => (
        <button
          key={edition}
          type="button"
          className="underline decoration-dotted underline-offset-2 hover:text-lava-yellow"
          onClick={() => {
            choose(edition);
          }}
          data-testid={`edition-${edition}`}
        >
          {t(edition === ENGLISH && playing !== ENGLISH ? 'edition.back' : archive ? 'edition.archive.also' : 'edition.also', {
            language: editionName(edition),
          })}
        </button>
      ))}
    </nav>
  );
}
