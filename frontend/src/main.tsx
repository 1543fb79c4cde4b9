import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import App from './App.tsx';
import { userKey } from './store/storage.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The anonymous player id exists from the first visit (spec §3: generated if absent).
userKey();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
