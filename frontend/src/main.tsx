import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import App from './app/App.tsx';
import { installHistoryGuard } from './lib/historyGuard.ts';
import { userKey } from './lib/storage.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The anonymous player id exists from the first visit (spec §3: generated if absent).
userKey();

// Offline reopening of a loaded game (public/sw.js); production builds only, so that the dev
// server never serves stale modules.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // Hand over what loaded before the worker existed (first visit), so it works offline too.
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'precache', urls });
      })
      .catch((error: unknown) => {
        console.warn('offline support is unavailable', error);
      });
  });
}

// Before the router renders, so its listener runs first (see lib/historyGuard.ts).
installHistoryGuard();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
