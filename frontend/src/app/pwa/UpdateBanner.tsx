/** "A new version is available": shown above the page once another build is deployed. */
import { ReloadButton } from '../../components/ReloadButton.tsx';
import { useUpdateAvailable } from './updates.ts';
import { useT } from '../../lib/i18n.ts';

export function UpdateBanner() {
  const t = useT();
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div role="status" className="border-b border-line bg-surface-2 text-fg" data-testid="update-banner">
      <div className="mx-auto flex max-w-[1200px] items-center justify-between gap-3 px-4 py-2">
        <p className="text-sm font-semibold">{t('a.update.available')}</p>
        {/* The game in progress is saved after every guess, so reloading loses nothing. */}
        <ReloadButton />
      </div>
    </div>
  );
}
