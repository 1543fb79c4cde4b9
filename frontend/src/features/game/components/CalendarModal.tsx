/**
 * The archive as a month grid: days with a game link to archive/{date}; today is marked (a ring,
 * `aria-current="date"`) and links to today's game; days this player finished are marked (won: a
 * yellow dot, erupted: a red dot) and a day begun but not finished has its own symbol (a hollow
 * ring), from the local saves and, for a logged-in player, the account's results on the server
 * (played on any device). Each mark is in the day's accessible name too, and the legend says
 * what each symbol means. Days after today are not links.
 */
import '../../../styles/full.css';
import { useMemo, useState } from 'react';
import { useUser } from '../../../stores/user.ts';
import { Link } from 'react-router';
import { useAccountDays, useListEdition, usePreviousDays } from '../api.ts';
import { dailyKey, ENGLISH, useEdition } from '../../../lib/edition.ts';
import type { Locale } from '../../../lib/locale.ts';
import { EditionPicker } from './EditionPicker.tsx';
import { addMonths, monthGrid, monthOf } from '../../../lib/days.ts';
import { formatDate, monthLabel, weekdayNames } from '../../../lib/dates.ts';
import { t, useT } from '../../../lib/i18n.ts';
import { useCore, useToday } from '../../../core/useCore.ts';
import { allSaves } from '../stores/saves.ts';
import { ResultDot } from '../../../components/badgeIcons.tsx';
import { Modal } from '../../../components/Modal.tsx';

export type Mark = 'won' | 'lost' | 'started';

/** The modal's text in the active locale (components call `useT()` so that a switch re-renders them). */
const TEXT = {
  title: () => t('header.calendar'),
  previousMonth: () => t('c.calendar.previousMonth'),
  nextMonth: () => t('c.calendar.nextMonth'),
  today: () => t('c.calendar.today'),
  /** What each mark says, in the day's name and in the legend. */
  mark: {
    won: () => t('c.calendar.won'),
    lost: () => t('c.calendar.erupted'),
    started: () => t('c.calendar.startedNotFinished'),
  } satisfies Record<Mark, () => string>,
  legend: () => t('c.calendar.legend'),
  legendStarted: () => t('c.calendar.started'),
};

/** This device's saves of the edition's days, overlaid with the account's finished days when logged in. */
function useResults(edition: string): Map<string, Mark> {
  const username = useUser((s) => s.user?.username ?? null);
  const account = useAccountDays(username, edition);
  const local = useMemo(
    () =>
      allSaves().flatMap(([k, s]): [string, Mark][] =>
        s.date && k === dailyKey(s.date, edition) ? [[s.date, s.gameOver ? (s.won ? 'won' : 'lost') : 'started']] : [],
      ),
    [edition],
  );
  return useMemo(() => {
    const marks = new Map(local);
    for (const day of account.data?.days ?? []) marks.set(day.date, day.won ? 'won' : 'lost');
    return marks;
  }, [local, account.data]);
}

/** A day begun but not finished: a hollow ring, unlike the filled dots of a finished day. */
export function StartedMark() {
  return <span aria-hidden="true" data-mark="started" className="inline-block h-3 w-3 shrink-0 rounded-full border-2 border-fg" />;
}

function MarkSymbol({ mark }: { mark: Mark | undefined }) {
  if (mark === 'started') return <StartedMark />;
  if (mark) return <ResultDot found={mark === 'won'} />;
  return null;
}

/** The day's accessible name: its date, then today and its mark ("25 Nov 2026, today, won"). */
export function dayLabel(date: string, today: boolean, mark: Mark | undefined): string {
  return [formatDate(date), today ? TEXT.today() : '', mark ? TEXT.mark[mark]() : ''].filter(Boolean).join(', ');
}

/**
 * Where a day links: today to today's game, a past day with a game to its archive page, which
 * names the edition shown here unless everything is English (the page otherwise opens this
 * device's edition).
 */
function dayTarget(date: string, today: string, hasGame: boolean, edition: string): string | null {
  if (date === today) return '/';
  const query = edition === ENGLISH && useEdition.getState().edition === ENGLISH ? '' : `?edition=${encodeURIComponent(edition)}`;
  return hasGame && date < today ? `/archive/${date}${query}` : null;
}

function Legend() {
  useT();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted" role="group" aria-label={TEXT.legend()}>
      <span className="flex items-center gap-1.5">
        <ResultDot found /> {TEXT.mark.won()}
      </span>
      <span className="flex items-center gap-1.5">
        <ResultDot found={false} /> {TEXT.mark.lost()}
      </span>
      <span className="flex items-center gap-1.5">
        <StartedMark /> {TEXT.legendStarted()}
      </span>
      <span className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block h-3.5 w-5 rounded ring-2 ring-lava-yellow" /> {TEXT.today()}
      </span>
    </div>
  );
}

export function CalendarModal({ onClose }: { onClose: () => void }) {
  useT();
  const core = useCore();
  const today = useToday(core);
  const [month, setMonth] = useState(() => monthOf(today));
  // The edition the player plays (English for a language without its own daily), unless picked here.
  const [picked, setPicked] = useState<Locale>();
  const listEdition = useListEdition();
  const edition = picked ?? listEdition ?? ENGLISH;
  const days = usePreviousDays(edition, picked !== undefined || listEdition !== undefined);
  const hasGame = new Set(days.data?.games.flatMap((g) => (g.date ? [g.date] : [])) ?? []);
  const results = useResults(edition);
  return (
    <Modal title={TEXT.title()} onClose={onClose}>
      <EditionPicker edition={edition} onPick={setPicked} className="mb-3" />
      <div className="mb-3 flex items-center justify-between">
        <button type="button" className="btn btn-secondary px-3" aria-label={TEXT.previousMonth()} onClick={() => {
          setMonth(addMonths(month, -1));
        }}>
          ‹
        </button>
        <p className="font-semibold" aria-live="polite">
          {monthLabel(month)}
        </p>
        <button type="button" className="btn btn-secondary px-3" aria-label={TEXT.nextMonth()} disabled={month >= monthOf(today)} onClick={() => {
          setMonth(addMonths(month, 1));
        }}>
          ›
        </button>
      </div>
      {/* Each day's name says its date in full, so the weekday row is only visual. */}
      <div className="grid grid-cols-7 gap-1 text-center text-sm">
        {weekdayNames().map((d) => (
          <div key={d} aria-hidden="true" className="py-1 text-xs text-muted">
            {d}
          </div>
        ))}
        {monthGrid(month).map((date, i) => {
          if (!date) return <div key={`pad-${String(i)}`} />;
          const result = results.get(date);
          const isToday = date === today;
          const target = dayTarget(date, today, hasGame.has(date), edition);
          const content = (
            <>
              <span className={isToday ? 'font-bold' : undefined}>{Number(date.slice(8))}</span>
              <span aria-hidden="true" className="flex h-4 items-center justify-center text-xs">
                <MarkSymbol mark={result} />
              </span>
            </>
          );
          const ring = isToday ? 'ring-2 ring-lava-yellow' : '';
          return target ? (
            <Link
              key={date}
              to={target}
              onClick={onClose}
              aria-label={dayLabel(date, isToday, result)}
              aria-current={isToday ? 'date' : undefined}
              data-testid="calendar-day"
              data-result={result ?? ''}
              className={`rounded-lg bg-surface py-1 hover:bg-surface-2 ${ring}`}
            >
              {content}
            </Link>
          ) : (
            <div key={date} aria-current={isToday ? 'date' : undefined} className={`rounded-lg py-1 text-muted ${ring}`}>
              {content}
            </div>
          );
        })}
      </div>
      <Legend />
    </Modal>
  );
}
