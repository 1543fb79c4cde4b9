/** "Report this game" under a community game; the dialog (and its code) loads on first use. */
import '../../styles/full.css';
import { lazy, Suspense, useState } from 'react';
import { useT, withMessages } from '../../lib/i18n.ts';

const ReportDialog = lazy(() => withMessages(import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog }))));

export function ReportButton({ uid }: { uid: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pb-6 text-center">
      <button type="button" className="text-sm text-muted underline underline-offset-2 hover:text-fg" onClick={() => { setOpen(true); }}>
        {t('b.report.title')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog uid={uid} onClose={() => { setOpen(false); }} />
        </Suspense>
      )}
    </div>
  );
}
