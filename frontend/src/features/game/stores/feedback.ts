/**
 * The result line under the guess box (components/ResultLine.tsx). The newest guess or hint
 * result replaces the one before, so results never stack, and the line sits in the page's flow
 * under the input, where it cannot cover the prompt or the input (a floating toast did, on a phone
 * with its keyboard open). `reveal` asks the game screen to bring a found or hinted answer slot
 * into view and flash it; each result has a new id, so the same slot can flash again.
 */
import { create } from 'zustand';
import type { ToastStatus } from '../../../stores/toasts.ts';

export interface FeedbackLine {
  title: string;
  description?: string;
  status: ToastStatus;
}

interface FeedbackState {
  line: (FeedbackLine & { id: number }) | null;
  reveal: { itemId: number; id: number } | null;
}

let nextId = 1;

export const useFeedback = create<FeedbackState>()(() => ({ line: null, reveal: null }));

/** Shows `line` in place of the last result; `itemId` is the answer slot it concerns, if any. */
export function showFeedback(line: FeedbackLine, itemId?: number | null): void {
  const id = nextId++;
  useFeedback.setState({ line: { ...line, id }, reveal: itemId == null ? null : { itemId, id } });
}

export function clearFeedback(): void {
  useFeedback.setState({ line: null, reveal: null });
}
