/**
 * Which daily edition a day list shows (the archive, the calendar): every interface language by
 * its own name. The list opens on the edition the player plays (src/api/days.ts,
 * `useListEdition`); picking another here changes only that list.
 */
import { useT } from '../lib/i18n.ts';
import { isLocale, LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '../lib/locale.ts';

export function EditionPicker({ edition, onPick, className = '' }: { edition: string; onPick: (edition: Locale) => void; className?: string }) {
  const t = useT();
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      {t('edition.picker')}
      <select
        value={edition}
        data-testid="edition-picker"
        onChange={(e) => {
          if (isLocale(e.target.value)) onPick(e.target.value);
        }}
        className="rounded-lg border border-line bg-surface px-2 py-1 text-fg"
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
