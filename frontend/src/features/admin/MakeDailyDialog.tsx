/**
 * Make Daily's question (spec §5: 'Are you sure you want to make this game the daily game?') with
 * a day picker: it starts on the first day after today without a daily game (the server's
 * `next-daily-date`), says which day the game will be the daily game of, and when the admin picks
 * a day that already has one, says so and offers the next free day after it. Loaded with the
 * card menu's first Make Daily (not part of any list's download).
 */
import '../../styles/full.css';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useCore, useToday } from '../../core/useCore.ts';
import { addDays } from '../../lib/days.ts';
import { formatDate } from '../../lib/dates.ts';
import { describeError } from '../../lib/describeError.ts';
import { t, useT } from '../../lib/i18n.ts';
import { MAKE_DAILY_CONFIRM, useNextDailyDate } from './api.ts';

/** The dialog's text in the active locale (components call `useT()` so that a switch re-renders them). */
const TEXT = {
  title: () => t('b.menu.makeDaily'),
  day: () => t('c.makeDaily.day'),
  hint: () => t('c.makeDaily.hint'),
  finding: () => t('c.makeDaily.finding'),
  notFound: () => t('c.makeDaily.notFound'),
  willBe: (date: string, dayNumber: number | undefined) => {
    const day = formatDate(date, { weekday: true });
    return dayNumber === undefined ? t('c.makeDaily.willBe', { date: day }) : t('c.makeDaily.willBeDay', { date: day, n: dayNumber });
  },
  taken: (date: string, next: string) =>
    t('c.makeDaily.taken', { date: formatDate(date, { weekday: true }), next: formatDate(next, { weekday: true }) }),
  takeNext: (next: string) => t('c.makeDaily.useNext', { date: formatDate(next) }),
  tooEarly: () => t('c.makeDaily.tooEarly'),
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Props {
  busy: boolean;
  /** Why the last attempt failed, if it did (the dialog stays open to pick again). */
  error: unknown;
  onConfirm: (date: string) => void;
  onCancel: () => void;
}

/** The day picked, whether it is free (the first free day from it is itself) and what to say. */
function usePickedDay() {
  const core = useCore();
  const tomorrow = addDays(useToday(core), 1);
  const suggestion = useNextDailyDate(undefined);
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? suggestion.data?.date ?? '';
  const valid = DATE.test(date) && date >= tomorrow;
  // The suggestion is free by definition; a day picked by hand is checked.
  const check = useNextDailyDate(date, picked !== null && valid);
  const next = picked === null ? date : check.data?.date;
  return { core, tomorrow, suggestion, date, setPicked, valid, next, taken: valid && next !== undefined && next !== date };
}

export function MakeDailyDialog({ busy, error, onConfirm, onCancel }: Props) {
  useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { core, tomorrow, suggestion, date, setPicked, valid, next, taken } = usePickedDay();
  const free = valid && next === date;
  let status: string | null = null;
  if (suggestion.isPending) status = TEXT.finding();
  else if (date && !valid) status = TEXT.tooEarly();
  else if (free) status = TEXT.willBe(date, core.dayNumber(date));
  return (
    <ConfirmDialog
      title={TEXT.title()}
      message={t(MAKE_DAILY_CONFIRM)}
      confirmLabel={TEXT.title()}
      busy={busy}
      confirmDisabled={!free}
      onCancel={onCancel}
      onConfirm={() => {
        onConfirm(date);
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={`${id}-day`} className="font-semibold">
          {TEXT.day()}
        </label>
        <input
          ref={input}
          id={`${id}-day`}
          type="date"
          min={tomorrow}
          value={date}
          required
          aria-describedby={`${id}-hint ${id}-status`}
          onChange={(e) => {
            setPicked(e.target.value);
          }}
          className="rounded-lg border border-line bg-surface px-3 py-2 text-fg focus:border-lava-yellow focus:outline-none"
          data-testid="daily-date"
        />
        <p id={`${id}-hint`} className="text-sm text-muted">
          {TEXT.hint()}
        </p>
      </div>
      <p id={`${id}-status`} role="status" className="font-semibold" data-testid="daily-date-status">
        {status}
      </p>
      {taken && next && (
        <div className="grid gap-2 rounded-lg border border-lava-yellow p-3" data-testid="daily-date-taken">
          <p>{TEXT.taken(date, next)}</p>
          <button type="button" className="btn btn-secondary justify-self-start" onClick={() => {
            setPicked(next);
            // The button goes away with the conflict: the focus stays in the picker.
            input.current?.focus();
          }}>
            {TEXT.takeNext(next)}
          </button>
        </div>
      )}
      {suggestion.isError && (
        <p role="alert" className="text-wrong">
          {TEXT.notFound()} {describeError(suggestion.error)}
        </p>
      )}
      {error !== null && error !== undefined && (
        <p role="alert" className="text-wrong" data-testid="make-daily-error">
          {describeError(error)}
        </p>
      )}
    </ConfirmDialog>
  );
}
