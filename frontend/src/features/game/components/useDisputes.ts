/**
 * "I was right" on a finished game whose result the server stored: dispute a wrong guess (once
 * per guess; the button stays disabled), and, when the game is opened again, a toast for each
 * dispute an admin accepted since (the game itself was already replayed against the updated
 * game when the save was restored: see `stores/session.ts`).
 */
import { useEffect, useState } from 'react';
import { disputedGuesses, markDisputed } from '../stores/disputes.ts';

// The requests and toasts load with the first finished game that offers a dispute.
const actions = () => import('./disputeActions.ts');

export interface DisputeControls {
  disputed: string[];
  /** The guess being sent, if any. */
  sending: string | null;
  onDispute: (guess: string) => void;
}

/** `uid` is the game's; `enabled` once the game is over and its result stored. */
export function useDisputes(saveKey: string, uid: string | undefined, enabled: boolean): DisputeControls | null {
  // Read from storage on each render (a few bytes); `remember` re-renders after a write.
  const disputed = disputedGuesses(saveKey);
  const [, setWrites] = useState(0);
  const [sending, setSending] = useState<string | null>(null);
  const remember = (guess: string) => {
    markDisputed(saveKey, guess);
    setWrites((n) => n + 1);
  };

  useEffect(() => {
    if (!enabled || !uid || disputedGuesses(saveKey).length === 0) return;
    let live = true;
    void actions().then((m) => m.announceAccepted(uid, () => live));
    return () => {
      live = false;
    };
  }, [enabled, uid, saveKey]);

  if (!enabled || !uid) return null;
  const onDispute = (guess: string) => {
    setSending(guess);
    void actions()
      .then((m) => m.sendDispute(uid, guess, remember))
      .finally(() => {
        setSending(null);
      });
  };
  return { disputed, sending, onDispute };
}
