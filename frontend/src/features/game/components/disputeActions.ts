/**
 * The network side of "I was right", loaded only once a finished game offers it (off the first
 * guess's path): sending a dispute, and the toasts for disputes an admin accepted since.
 */
import { ApiError, getAsPlayer, post } from '../../../lib/apiClient.ts';
import { t } from '../../../lib/i18n.ts';
import { readJson, userKey, writeJson } from '../../../lib/storage.ts';
import { toast } from '../../../stores/toasts.ts';
import { SHOWN_KEY } from '../stores/disputes.ts';
import type { Dispute, DisputeList } from '../../../api/generated/index.ts';

/** "I was right": disputes a wrong guess of this player's stored result of the game `uid`. */
const disputeGuess = (uid: string, guess: string) =>
  post<Dispute>(`/api/game/uid/${encodeURIComponent(uid)}/disputes`, { userKey: userKey(), guess });

/** This player's disputes, newest first (how an accepted one is learnt of). */
const fetchMyDisputes = () => getAsPlayer<DisputeList>('/api/disputes', userKey());

const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === 'number');

/** The accepted disputes this device has told the player about, by id (../stores/disputes.ts). */
function shownIds(): number[] {
  const value = readJson(SHOWN_KEY);
  return isNumbers(value) ? value : [];
}

/** The accepted disputes of game `uid` the player has not been told about yet. */
function unseenAccepted(disputes: Dispute[], uid: string): Dispute[] {
  const shown = new Set(shownIds());
  return disputes.filter((d) => d.status === 'accepted' && d.gameUid === uid && !shown.has(d.id));
}

function markShown(ids: number[]): void {
  writeJson(SHOWN_KEY, [...new Set([...shownIds(), ...ids])]);
}

/** The toast for an accepted dispute. */
function acceptedToast(dispute: Dispute) {
  return {
    title: t('a.dispute.accepted', { guess: dispute.guess }),
    description: dispute.itemName ? t('a.dispute.acceptedAs', { item: dispute.itemName }) : t('a.dispute.regraded'),
    status: 'success' as const,
    duration: 8000,
  };
}

/** A toast for each dispute of this game an admin accepted that this device has not shown. */
export async function announceAccepted(uid: string, live: () => boolean): Promise<void> {
  try {
    const { disputes } = await fetchMyDisputes();
    if (!live()) return;
    const accepted = unseenAccepted(disputes, uid);
    accepted.forEach((d) => toast(acceptedToast(d)));
    markShown(accepted.map((d) => d.id));
  } catch (error) {
    console.warn('could not read the outcome of your disputes', error);
  }
}

/** Sending a dispute: its success replaces a failed try's toast. */
const DISPUTE_FLOW = 'dispute';

/** Sends the dispute; `remember` marks the guess disputed (sent now, or already before). */
export async function sendDispute(uid: string, guess: string, remember: (guess: string) => void): Promise<void> {
  try {
    await disputeGuess(uid, guess);
    remember(guess);
    toast({ title: t('a.dispute.sent', { guess }), description: t('a.dispute.sentDescription'), status: 'success', flow: DISPUTE_FLOW });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'alreadyDisputed') {
      remember(guess);
      toast({ title: t('a.dispute.already', { guess }), status: 'info', flow: DISPUTE_FLOW });
      return;
    }
    const description = error instanceof Error ? error.message : undefined;
    toast({ title: t('a.dispute.failed'), ...(description ? { description } : {}), status: 'error', flow: DISPUTE_FLOW });
  }
}
