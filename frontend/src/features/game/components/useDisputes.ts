/**
 * "I was right" on a finished game whose result the server stored: dispute a wrong guess (once
 * per guess; the button stays disabled), and, when the game is opened again, a toast for each
 * dispute an admin accepted since (the game itself was already replayed against the updated
 * game when the save was restored: see `stores/session.ts`).
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/apiClient.ts';
import { toast } from '../../../stores/toasts.ts';
import { disputeGuess, fetchMyDisputes } from '../api.ts';
import { acceptedToast, disputedGuesses, markDisputed, markShown, unseenAccepted } from '../stores/disputes.ts';

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
    fetchMyDisputes()
      .then(({ disputes }) => {
        if (!live) return;
        const accepted = unseenAccepted(disputes, uid);
        accepted.forEach((d) => toast(acceptedToast(d)));
        markShown(accepted.map((d) => d.id));
      })
      .catch((error: unknown) => {
        console.warn('could not read the outcome of your disputes', error);
      });
    return () => {
      live = false;
    };
  }, [enabled, uid, saveKey]);

  if (!enabled || !uid) return null;
  const onDispute = (guess: string) => {
    setSending(guess);
    disputeGuess(uid, guess)
      .then(() => {
        remember(guess);
        toast({ title: `You disputed “${guess}”`, description: 'An admin will look at it.', status: 'success' });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'alreadyDisputed') {
          remember(guess);
          toast({ title: `You already disputed “${guess}”`, status: 'info' });
          return;
        }
        const description = error instanceof Error ? error.message : undefined;
        toast({ title: 'Your dispute could not be sent.', ...(description ? { description } : {}), status: 'error' });
      })
      .finally(() => {
        setSending(null);
      });
  };
  return { disputed, sending, onDispute };
}
