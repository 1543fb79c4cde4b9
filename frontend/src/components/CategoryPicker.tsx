/**
 * One to three categories from the fixed list, as checkboxes: once three are ticked the others
 * are disabled. Ticking none files the game under Miscellaneous (the server's default).
 */
import { useId } from 'react';
import type { Category } from '../api/generated/index.ts';
import { useT } from '../lib/i18n.ts';
import { CATEGORIES, MAX_CATEGORIES } from '../lib/labels.ts';

interface Props {
  value: Category[];
  onChange: (next: Category[]) => void;
  /** The server's refusal of the field, if any. */
  error?: string | null;
  disabled?: boolean;
}

export function CategoryPicker({ value, onChange, error, disabled = false }: Props) {
  const t = useT();
  const id = useId();
  const full = value.length >= MAX_CATEGORIES;
  return (
    <fieldset className="grid gap-2" disabled={disabled} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} data-testid="category-picker">
      <legend className="font-semibold">{t('b.categories.legend')}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('b.categories.hint', { n: value.length, max: MAX_CATEGORIES })}
      </p>
      <div className="flex flex-wrap gap-2">
        {CATEGORIES.map((c) => {
          const checked = value.includes(c.value);
          return (
            <label key={c.value} className={`flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${checked ? 'border-lava-yellow' : 'border-line'} ${!checked && full ? 'opacity-60' : ''}`}>
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={() => {
                  onChange(checked ? value.filter((v) => v !== c.value) : [...value, c.value]);
                }}
              />
              {c.label}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-wrong">
          {error}
        </p>
      )}
    </fieldset>
  );
}
