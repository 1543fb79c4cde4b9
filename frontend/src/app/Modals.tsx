/** The modal on screen, by name; closing howToPlay records that it was seen. */
import { lazy, Suspense } from 'react';
import { lazyWithQueries, loadQueryProvider } from '../lib/lazyWithQueries.tsx';
import { useWarmUp } from '../lib/warmUp.ts';
import { readRules } from '../core/game.ts';
import { useCore } from '../core/useCore.ts';
import { useSettings } from '../stores/settings.ts';
import { useUi } from '../stores/ui.ts';
import { withMessages } from '../lib/i18n.ts';

// Rarely opened: kept out of the first download. Settings, how-to-play and the game's end are
// fetched a second after start (useWarmUp), so they open at once, offline too.
const loadSettings = () => import('./modals/SettingsModal.tsx');
const SettingsModal = lazy(() => withMessages(loadSettings().then((m) => ({ default: m.SettingsModal }))));
const PatchNotesModal = lazy(() => withMessages(import('./modals/PatchNotesModal.tsx').then((m) => ({ default: m.PatchNotesModal }))));
const TestimoniesModal = lazy(() => withMessages(import('./modals/TestimoniesModal.tsx').then((m) => ({ default: m.TestimoniesModal }))));
const CalendarModal = lazyWithQueries(() => import('../features/game/components/CalendarModal.tsx').then((m) => m.CalendarModal));
const LoginModal = lazy(() => withMessages(import('../features/accounts/LoginModal.tsx').then((m) => ({ default: m.LoginModal }))));
// Not needed for the first guess either: the end of a game, and the first visit's how-to-play
// (it opens a moment after the game shows).
const loadHowToPlay = () => import('../features/game/components/HowToPlayModal.tsx');
const HowToPlayModal = lazy(() => withMessages(loadHowToPlay().then((m) => ({ default: m.HowToPlayModal }))));
const loadGameOver = () => import('./modals/GameOverModal.tsx');
const GameOverModal = lazyWithQueries(() => loadGameOver().then((m) => m.GameOverModal));
const WARM_UP = [loadSettings, loadHowToPlay, loadGameOver, loadQueryProvider];
const ForgotPasswordModal = lazy(() => withMessages(import('../features/accounts/ForgotPasswordModal.tsx').then((m) => ({ default: m.ForgotPasswordModal }))));

export function Modals() {
  const core = useCore();
  const modal = useUi((s) => s.modal);
  const close = useUi((s) => s.close);
  const setSetting = useSettings((s) => s.set);
  useWarmUp(WARM_UP);
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
