/** Shared by the game routes: a loading skeleton and a failed-load panel. */
import { Link } from 'react-router';
import { ApiError } from '../../../lib/apiClient.ts';
import { Prompt } from '../components/Prompt.tsx';
import { useT } from '../../../lib/i18n.ts';
import { serverErrorText } from '../../../lib/serverErrors.ts';

export function GameSkeleton() {
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 py-5 wide:py-8">
      <Prompt text={null} />
    </div>
  );
}

export function GameLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const message = error instanceof Error ? serverErrorText(error) : t('error.generic');
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
