/** Shared by the game routes: a loading skeleton and a failed-load panel. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/apiClient.ts';
import { Prompt } from '../components/Prompt.tsx';
import { useT } from '../../../lib/i18n.ts';

export function GameSkeleton() {
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 py-5 wide:py-8">
      <Prompt text={null} />
    </div>
  );
}

/**
 * What the server said went wrong, once the error catalogue is in (lib/serverErrors.ts, loaded
 * with the failure: it is no part of the first download); `null` until then.
 */
function useServerErrorText(error: unknown): string | null {
  const [text, setText] = useState<{ error: unknown; text: string } | null>(null);
  useEffect(() => {
    if (!(error instanceof Error)) return;
    let current = true;
    import('../../../lib/serverErrors.ts').then(
      (m) => {
        if (current) setText({ error, text: m.serverErrorText(error) });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [error]);
  return text && text.error === error ? text.text : null;
}

export function GameLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const message = useServerErrorText(error) ?? t('error.generic');
  const retryable = !(error instanceof ApiError) || error.retryable;
  return (
    <div role="alert" className="mx-auto grid max-w-md gap-3 px-4 py-16 text-center">
      <p className="text-xl font-bold">{t('game.loadError')}</p>
      <p className="text-muted">{message}</p>
      <div className="flex justify-center gap-2">
        {retryable && (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
        )}
        <Link to="/" className="btn btn-secondary">
          {t('game.todays')}
        </Link>
      </div>
    </div>
  );
}
