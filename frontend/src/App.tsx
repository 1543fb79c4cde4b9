import { QueryClientProvider } from '@tanstack/react-query';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { makeQueryClient } from './api/queryClient.ts';
import { routes } from './router.tsx';
import { startOutbox } from './store/outbox.ts';

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
            <p className="text-xl font-bold">The game could not load.</p>
            <p className="mt-2 text-muted">{this.state.error.message}</p>
            <button type="button" className="btn btn-primary mt-4" onClick={() => {
              window.location.reload();
            }}>
              Reload
            </button>
          </div>
        </div>
      );
    }
    return this.props.children;
  }
}

function Boot() {
  return <div className="min-h-dvh" aria-busy="true" />;
}

export default function App() {
  const [client] = useState(makeQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => startOutbox(), []);
  return (
    <LoadError>
      <QueryClientProvider client={client}>
        <Suspense fallback={<Boot />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </LoadError>
  );
}
