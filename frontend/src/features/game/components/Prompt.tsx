/**
 * The prompt: two skeleton lines while loading, else large italic text with `__` runs as blanks.
 * The server paints the same markup into `/` before any script runs (server/src/web/spa/home.rs,
 * `prompt_html`): a change here goes there too, or the page shifts when the app takes over.
 */
import { Fragment } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { capitalise } from '../../../lib/text.ts';

const BLANKS = /(_{2,})/;

export function Prompt({ text }: { text: string | null }) {
  const t = useT();
  if (!text) {
    return (
      <div role="status" aria-busy="true" aria-label={t('game.prompt.loading')} className="space-y-3 py-1">
        <div className="h-7 w-full animate-pulse rounded bg-surface-2" />
        <div className="h-7 w-2/3 animate-pulse rounded bg-surface-2" />
      </div>
    );
  }
  const parts = capitalise(text.trim()).split(BLANKS);
  return (
    <h1 dir="auto" className="text-3xl leading-tight font-bold italic sm:text-4xl" data-testid="prompt">
      {parts.map((part, i) =>
        BLANKS.test(part) ? (
          <span key={i} className="font-mono not-italic tracking-widest" aria-label={t('game.prompt.blank')}>
            {part}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </h1>
  );
}
