import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router.tsx';
import { startOutbox } from '../stores/outbox.ts';
import { ReloadButton } from '../components/ReloadButton.tsx';
import { t } from '../lib/i18n.ts';

/** Shown when the WASM core itself cannot load (old browser, failed download). */
class LoadError extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className="grid min-h-dvh place-items-center p-6 text-center">
          <div>
            <p className="text-xl font-bold">{t('app.loadError')}</p>
            <p className="mt-2 text-muted">{this.state.error.message}</p>
            <ReloadButton className="mt-4" />
          </div>
        </div>
      );
    }
    return this.props.children;
  }
}

/** The same shell index.html paints before the JS runs, kept while the WASM core loads. */
function Boot() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-line bg-bg/90">
        <div className="mx-auto flex h-14 max-w-[1200px] items-center px-2">
          <span className="px-3 text-xl font-extrabold tracking-tight">Lavalist</span>
        </div>
      </header>
      <main className="flex flex-1 flex-col" aria-busy="true">
        <div className="mx-auto grid w-full max-w-[1200px] grid-cols-1 gap-6 px-4 py-5 wide:grid-cols-2 wide:gap-10 wide:py-8">
          <section>
            <div className="space-y-3 py-1">
              <div className="h-7 w-full animate-pulse rounded bg-surface-2" />
              <div className="h-7 w-2/3 animate-pulse rounded bg-surface-2" />
            </div>
          </section>
        </div>
      </main>
    </div>
  );
}

export default function App() {
  useEffect(() => startOutbox(), []);
  return (
    <LoadError>
      <Suspense fallback={<Boot />}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Suspense>
    </LoadError>
  );
}
