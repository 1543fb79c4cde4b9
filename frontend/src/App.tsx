import { Component, Suspense, use, useState, type ReactNode } from 'react';
import { loadCore } from './core/wasm.ts';

/** Today's day number, from the same Rust rules the server uses. Suspends until WASM loads. */
function Today() {
  const core = use(loadCore());
  const [now] = useState(() => Date.now());
  const today = core.todayNewYork(now);
  const day = core.dayNumber(today);
  return (
    <div className="text-center">
      <p className="text-6xl font-black tracking-tight text-lava-yellow sm:text-7xl" data-testid="day">
        Day {day}
      </p>
      <p className="mt-3 text-sm tracking-widest text-lava-beige/60 uppercase">{today}</p>
    </div>
  );
}

class LoadError extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error) {
      return (
        <p role="alert" className="text-center text-lava-red">
          The game could not load: {this.state.error.message}
        </p>
      );
    }
    return this.props.children;
  }
}

export default function App() {
  return (
    <div className="relative flex min-h-screen flex-col overflow-hidden bg-lava-night font-sans text-lava-beige">
      <header className="border-b border-lava-maroon/60 px-6 py-4">
        <h1 className="text-2xl font-extrabold tracking-tight">
          <span aria-hidden="true">🌋 </span>
          <span className="bg-linear-to-r from-lava-red to-lava-yellow bg-clip-text text-transparent">
            Lavalist
          </span>
        </h1>
      </header>
      <main className="z-10 flex flex-1 items-center justify-center px-6">
        <LoadError>
          <Suspense fallback={<div className="h-20 w-56 animate-pulse rounded-lg bg-lava-maroon/40" />}>
            <Today />
          </Suspense>
        </LoadError>
      </main>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 bottom-0 h-1/4 bg-linear-to-t from-lava-red via-lava-maroon/70 to-transparent opacity-70"
      />
    </div>
  );
}
