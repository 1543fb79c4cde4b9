/** The modal on screen, by name; closing howToPlay records that it was seen. */
import { lazy, Suspense, useEffect } from 'react';
import { readRules } from '../core/game.ts';
import { useCore } from '../core/useCore.ts';
import { useSettings } from '../stores/settings.ts';
import { useUi } from '../stores/ui.ts';

// Rarely opened: kept out of the first download. Settings is fetched soon after start anyway, so
// it opens at once when asked for (a second after start: the game comes first).
const loadSettings = () => import('./modals/SettingsModal.tsx');
const SettingsModal = lazy(() => loadSettings().then((m) => ({ default: m.SettingsModal })));
const PatchNotesModal = lazy(() => import('./modals/PatchNotesModal.tsx').then((m) => ({ default: m.PatchNotesModal })));
const TestimoniesModal = lazy(() => import('./modals/TestimoniesModal.tsx').then((m) => ({ default: m.TestimoniesModal })));
const CalendarModal = lazy(() => import('../features/game/components/CalendarModal.tsx').then((m) => ({ default: m.CalendarModal })));
const LoginModal = lazy(() => import('../features/accounts/LoginModal.tsx').then((m) => ({ default: m.LoginModal })));
// Not needed for the first guess either: the end of a game, and the first visit's how-to-play
// (it opens a moment after the game shows).
const HowToPlayModal = lazy(() => import('../features/game/components/HowToPlayModal.tsx').then((m) => ({ default: m.HowToPlayModal })));
const GameOverModal = lazy(() => import('../features/game/components/GameOverModal.tsx').then((m) => ({ default: m.GameOverModal })));
const ForgotPasswordModal = lazy(() => import('../features/accounts/ForgotPasswordModal.tsx').then((m) => ({ default: m.ForgotPasswordModal })));

export function Modals() {
  const core = useCore();
  const modal = useUi((s) => s.modal);
  const close = useUi((s) => s.close);
  const setSetting = useSettings((s) => s.set);
  useEffect(() => {
    const timer = window.setTimeout(() => void loadSettings(), 1000);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);
  const closeHowTo = () => {
    setSetting('howToPlayModalShown', true);
    close();
  };
  return (
    <Suspense fallback={null}>
      {modal === 'gameOver' && <GameOverModal core={core} onClose={close} />}
      {modal === 'howToPlay' && <HowToPlayModal rules={readRules(core)} onClose={closeHowTo} />}
      {modal === 'settings' && <SettingsModal onClose={close} />}
      {modal === 'patchNotes' && <PatchNotesModal onClose={close} />}
      {modal === 'testimonies' && <TestimoniesModal onClose={close} />}
      {modal === 'calendar' && <CalendarModal onClose={close} />}
      {modal === 'login' && <LoginModal onClose={close} />}
      {modal === 'forgotPassword' && <ForgotPasswordModal onClose={close} />}
    </Suspense>
  );
}
