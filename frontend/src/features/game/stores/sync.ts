/**
 * The logged-in player's game on the server (loaded on demand by the session, never on a
 * guest's first load): this device's replay log is sent after each action (debounced) and when
 * a game opens; the server keeps the log that extends the other, or its own copy when the two
 * went different ways, and answers the kept log (or the account's result, when the game is over
 * on another device). `decide` says what the device then does; the rule itself is the server's.
 */
import { request } from '../../../lib/apiClient.ts';
import type { Action, ProgressBody, ProgressResponse } from '../../../api/generated/index.ts';

/** The notices' message ids (the first screen's catalogue: a notice may come before the rest). */
export const CONTINUED = 'sync.continued';
export const DIVERGED = 'sync.diverged';

/** Which game: a daily date or a community uid, as the server names it. */
export type ProgressTarget = Pick<ProgressBody, 'date' | 'gameUid'>;

/** What the player is told when the game on screen changes under them. */
export interface Notice {
  /** A message id. */
  title: string;
  status: 'info' | 'warning';
}

const continued: Notice = { title: CONTINUED, status: 'info' };

/** What the device does with the server's answer. */
export type Outcome =
  | { kind: 'keep' }
  | { kind: 'adopt'; actions: Action[]; notice: Notice }
  | { kind: 'finished'; actions: Action[]; notice: Notice };

const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);
const startsWith = (log: Action[], prefix: Action[]) =>
  prefix.length <= log.length && prefix.every((a, i) => i < log.length && same(a, log[i] as Action));

/**
 * `local` is the device's log now (it may have grown while the request was out): it is kept
 * when it extends the server's log; otherwise the device continues from the server's.
 */
export function decide(local: Action[], answer: ProgressResponse): Outcome {
  const finished = answer.finished;
  if (finished) {
    if (!finished.actions || startsWith(local, finished.actions)) return { kind: 'keep' };
    return { kind: 'finished', actions: finished.actions, notice: continued };
  }
  if (startsWith(local, answer.actions)) return { kind: 'keep' };
  const notice: Notice = answer.diverged ? { title: DIVERGED, status: 'warning' } : continued;
  return { kind: 'adopt', actions: answer.actions, notice };
}

export const putProgress = (target: ProgressTarget, actions: Action[]) =>
  request<ProgressResponse>('PUT', '/api/progress', { ...target, actions });

/** How long after the last action the log is sent. */
export const PUSH_DELAY_MS = 800;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Sends the log now (`delay` 0) or after the player pauses, then hands `decide`'s outcome on;
 * a failed request (offline, busy) is dropped: the next action or visit sends the log again.
 */
export function push(
  target: ProgressTarget,
  local: () => Action[] | null,
  apply: (outcome: Outcome) => void,
  delay = PUSH_DELAY_MS,
): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    const sent = local();
    if (!sent) return;
    putProgress(target, sent)
      .then((answer) => {
        const now = local();
        if (now) apply(decide(now, answer));
      })
      .catch((error: unknown) => {
        console.warn('progress not synced', error);
      });
  }, delay);
}
