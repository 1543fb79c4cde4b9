/**
 * A community game's average rating and, once this player's result is stored, five stars to
 * rate it: a radio group as WAI-ARIA describes it (one tab stop on the checked star, or the
 * first; arrow keys move and check, Home and End go to 1 and 5 stars; focus stays on the star).
 * The shown choice follows every key at once; it is saved once the player settles on it (a
 * pause, Enter or leaving the group), a click or Space saves at once, so stepping from 1 to 4
 * stars stores one rating, not three. What happened is said in the panel itself (a polite
 * status, an alert on failure), never in a toast that could cover the focused star.
 */
import '../../styles/full.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rateGame, ratingKey, useRating } from './api.ts';
import { ratingText } from '../../lib/labels.ts';
import { StarIcon } from '../../components/badgeIcons.tsx';
import { ApiError } from '../../lib/apiClient.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { onSubmitted } from '../../stores/outbox.ts';
import { communityKey } from '../../stores/saves.ts';

const STARS = [1, 2, 3, 4, 5] as const;
/** How long a keyboard choice rests before it is saved. */
export const RATING_SETTLE_MS = 600;
/** Keys that move the checked star (the browser's own for radios, plus Home and End here). */
const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

type Outcome = { kind: 'saved'; stars: number } | { kind: 'failed'; text: string } | null;

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'notFinished') return translate('b.rating.finishFirst');
  return error instanceof Error ? error.message : translate('b.rating.notSavedBody');
}

/** Saves the last choice once, one request at a time; a choice made meanwhile is saved next. */
function useRatingSaver(uid: string, onOutcome: (outcome: Outcome) => void) {
  const client = useQueryClient();
  const busy = useRef(false);
  const queued = useRef<number | null>(null);
  const save = async (stars: number): Promise<void> => {
    if (busy.current) {
      queued.current = stars;
      return;
    }
    busy.current = true;
    try {
      client.setQueryData(ratingKey(uid), await rateGame(uid, stars));
      void client.invalidateQueries({ queryKey: ['list'] });
      onOutcome({ kind: 'saved', stars });
    } catch (error) {
      onOutcome({ kind: 'failed', text: failureText(error) });
    } finally {
      busy.current = false;
      const next = queued.current;
      queued.current = null;
      if (next !== null && next !== stars) await save(next);
    }
  };
  return save;
}

export function RatingPanel({ uid, className }: { uid: string; className?: string }) {
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const rating = useRating(uid);
  const summary = rating.data;
  const [chosen, setChosen] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = useRatingSaver(uid, setOutcome);
  const moving = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const group = useRef<HTMLDivElement>(null);
  // The result reaching the server is what makes the game ratable.
  useEffect(
    () =>
      onSubmitted((key) => {
        if (key === communityKey(uid)) void client.invalidateQueries({ queryKey: ratingKey(uid) });
      }),
    [client, uid],
  );
  useEffect(() => () => { window.clearTimeout(timer.current); }, []);
  if (!summary) return null;
  const shown = chosen ?? summary.stars ?? null;

  const saveNow = (stars: number) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (stars !== summary.stars || outcome?.kind === 'failed') void save(stars);
  };
  const choose = (stars: number) => {
    setChosen(stars);
    setOutcome(null);
    if (!moving.current) {
      saveNow(stars);
      return;
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => { saveNow(stars); }, RATING_SETTLE_MS);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    moving.current = MOVE_KEYS.has(e.key);
    if (e.key === 'Enter' && timer.current !== undefined && shown !== null) saveNow(shown);
    if (e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const stars = e.key === 'Home' ? 1 : 5;
    group.current?.querySelector<HTMLInputElement>(`input[value="${String(stars)}"]`)?.focus();
    choose(stars);
  };

  return (
    <section aria-labelledby={`${id}-title`} className={className ?? 'mx-auto w-full max-w-[1200px] px-4 pb-4 text-center'} data-testid="rating-panel">
      <h2 id={`${id}-title`} className="sr-only">
        {t('b.rating.heading')}
      </h2>
      <p className="text-sm text-muted" data-testid="rating-average">
        {summary.average !== undefined && <StarIcon className="me-1 inline align-[-2px] text-lava-yellow" />}
        {ratingText(summary.average, summary.count)}
      </p>
      {summary.canRate && (
        <fieldset className="mt-2">
          <legend className="mb-1 w-full text-sm font-semibold">{shown ? t('b.rating.yours') : t('b.rating.rate')}</legend>
          <div
            ref={group}
            className="inline-flex gap-1"
            onKeyDown={onKeyDown}
            onPointerDown={() => { moving.current = false; }}
            onBlur={(e) => {
              // Leaving the group (not moving between its stars) saves a choice still resting.
              if (timer.current !== undefined && shown !== null && !e.currentTarget.contains(e.relatedTarget)) saveNow(shown);
            }}
          >
            {STARS.map((stars) => (
              <label key={stars} className="cursor-pointer rounded p-1 text-2xl text-lava-yellow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-lava-yellow">
                <input
                  type="radio"
                  name={`${id}-stars`}
                  value={stars}
                  className="sr-only"
                  checked={shown === stars}
                  onChange={() => { choose(stars); }}
                />
                <StarIcon filled={(shown ?? 0) >= stars} />
                <span className="sr-only">{t('b.rating.stars', { count: stars })}</span>
              </label>
            ))}
          </div>
          <p role="status" className="mt-1 min-h-5 text-sm" data-testid="rating-status">
            {outcome?.kind === 'saved' && t('b.rating.thanks', { stars: outcome.stars })}
          </p>
          {outcome?.kind === 'failed' && (
            <p role="alert" className="text-sm font-medium text-wrong">
              <strong>{t('b.rating.notSaved')}</strong> {outcome.text}
            </p>
          )}
        </fieldset>
      )}
    </section>
  );
}
