/**
 * Under a community game: its average rating and, once this player's result is stored, five
 * stars to rate it (a radio group: arrow keys move, the choice is sent at once; choosing again
 * changes the rating).
 */
import '../../styles/full.css';
import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rateGame, ratingKey, useRating } from './api.ts';
import { ratingText } from './labels.ts';
import { StarIcon } from '../../components/badgeIcons.tsx';
import { toast } from '../../stores/toasts.ts';
import { ApiError } from '../../lib/apiClient.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { onSubmitted } from '../game/stores/outbox.ts';
import { communityKey } from '../game/stores/saves.ts';

const STARS = [1, 2, 3, 4, 5] as const;

export function RatingPanel({ uid }: { uid: string }) {
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const rating = useRating(uid);
  const [sending, setSending] = useState(false);
  // The result reaching the server is what makes the game ratable.
  useEffect(
    () =>
      onSubmitted((key) => {
        if (key === communityKey(uid)) void client.invalidateQueries({ queryKey: ratingKey(uid) });
      }),
    [client, uid],
  );
  const summary = rating.data;
  const rate = async (stars: number) => {
    setSending(true);
    try {
      client.setQueryData(ratingKey(uid), await rateGame(uid, stars));
      void client.invalidateQueries({ queryKey: ['list'] });
      toast({ title: translate('b.rating.thanks', { stars }), status: 'success', flow: 'rating' });
    } catch (error) {
      const text = error instanceof ApiError && error.code === 'notFinished' ? translate('b.rating.finishFirst') : error instanceof Error ? error.message : translate('b.rating.notSavedBody');
      toast({ title: translate('b.rating.notSaved'), description: text, status: 'error', flow: 'rating' });
    } finally {
      setSending(false);
    }
  };
  if (!summary) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-[1200px] px-4 pb-4 text-center" data-testid="rating-panel">
      <h2 id={`${id}-title`} className="sr-only">
        {t('b.rating.heading')}
      </h2>
      <p className="text-sm text-muted" data-testid="rating-average">
        {summary.average !== undefined && <StarIcon className="me-1 inline align-[-2px] text-lava-yellow" />}
        {ratingText(summary.average, summary.count)}
      </p>
      {summary.canRate && (
        <fieldset className="mt-2" disabled={sending}>
          <legend className="mb-1 w-full text-sm font-semibold">{summary.stars ? t('b.rating.yours') : t('b.rating.rate')}</legend>
          <div className="inline-flex gap-1">
            {STARS.map((stars) => (
              <label key={stars} className="cursor-pointer rounded p-1 text-2xl text-lava-yellow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-lava-yellow">
                <input
                  type="radio"
                  name={`${id}-stars`}
                  value={stars}
                  className="sr-only"
                  checked={summary.stars === stars}
                  onChange={() => void rate(stars)}
                />
                <StarIcon filled={(summary.stars ?? 0) >= stars} />
                <span className="sr-only">
                  {t('b.rating.stars', { count: stars })}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
