/** "Reload": loads the page again (a failed start, a new version). */
import { useT } from '../lib/i18n.ts';

export function ReloadButton({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <button type="button" className={`btn btn-primary ${className}`} onClick={() => {
      window.location.reload();
    }}>
      {t('common.reload')}
    </button>
  );
}
