/**
 * The archive as a month grid: days with a game link to archive/{date}; today is marked (a ring,
 * `aria-current="date"`) and links to today's game; days this player finished are marked (won: a
 * yellow dot, erupted: a red dot) and a day begun but not finished has its own symbol (a hollow
 * ring), from the local saves and, for a logged-in player, the account's results on the server
 * (played on any device). Each mark is in the day's accessible name too, and the legend says
 * what each symbol means. Days after today are not links.
 *
 * The month is an ARIA grid (the date picker pattern): one Tab stop, the arrows move a day or a
 * week, Home and End to the week's ends, Page Up and Page Down a month; Enter opens a day.
 */
import '../../../styles/full.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useUser } from '../../../stores/user.ts';
import { Link } from 'react-router';
import { useAccountDays, useListEdition, usePreviousDays } from '../../../api/days.ts';
import { dailyKey, ENGLISH, useEdition } from '../../../lib/edition.ts';
import type { Locale } from '../../../lib/locale.ts';
import { EditionPicker } from '../../../components/EditionPicker.tsx';
import { addMonths, gridKeyTarget, lastDayOf, monthGrid, monthOf } from '../../../lib/calendarKeys.ts';
import { formatDate, monthLabel, weekdayNames } from '../../../lib/dates.ts';
import { t, useT } from '../../../lib/i18n.ts';
import { useCore, useToday } from '../../../core/useCore.ts';
import { allSaves } from '../../../stores/saves.ts';
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

interface DayProps {
  date: string;
  today: string;
  hasGame: boolean;
  edition: string;
  mark: Mark | undefined;
  /** The grid's one Tab stop. */
  tabbable: boolean;
  onOpen: () => void;
}

/** One day's cell: a link to its game, or its number alone (a day without one, or to come). */
function Day({ date, today, hasGame, edition, mark, tabbable, onOpen }: DayProps) {
  const isToday = date === today;
  const target = dayTarget(date, today, hasGame, edition);
  const content = (
    <>
      <span className={isToday ? 'font-bold' : undefined}>{Number(date.slice(8))}</span>
      <span aria-hidden="true" className="flex h-4 items-center justify-center text-xs">
        <MarkSymbol mark={mark} />
      </span>
    </>
  );
  const ring = isToday ? 'ring-2 ring-lava-yellow' : '';
  const focus = { tabIndex: tabbable ? 0 : -1, 'data-date': date, 'aria-label': dayLabel(date, isToday, mark), 'aria-current': isToday ? ('date' as const) : undefined };
  return target ? (
    <div role="gridcell" className="grid">
      <Link to={target} onClick={onOpen} {...focus} data-testid="calendar-day" data-result={mark ?? ''} className={`rounded-lg bg-surface py-1 hover:bg-surface-2 ${ring}`}>
        {content}
      </Link>
    </div>
  ) : (
    <div role="gridcell" {...focus} aria-disabled="true" className={`rounded-lg py-1 text-muted ${ring}`}>
      {content}
    </div>
  );
}

/** The grid's rows: the month's dates (nulls before the 1st) cut into weeks. */
function weeks(month: string): (string | null)[][] {
  const cells = monthGrid(month);
  return Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * The grid's one Tab stop and where the keys move it. `focused` follows the keys (and the month
 * with them); the month buttons move it to their month's today or 1st. Never past today's month.
 */
function useGridFocus(month: string, setMonth: (m: string) => void, today: string) {
  const [focused, setFocused] = useState(today);
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const active = monthOf(focused) === month ? focused : monthOf(today) === month ? today : `${month}-01`;
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${active}"]`)?.focus();
  }, [active]);
  const onKeyDown = (e: React.KeyboardEvent) => {
    const target = gridKeyTarget(active, e.key, document.documentElement.dir === 'rtl');
    if (!target) return;
    e.preventDefault();
    const latest = lastDayOf(monthOf(today));
    const next = target > latest ? latest : target;
    moved.current = true;
    setFocused(next);
    if (monthOf(next) !== month) setMonth(monthOf(next));
  };
  return { grid, active, onKeyDown };
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
  const { grid, active, onKeyDown } = useGridFocus(month, setMonth, today);
  return (
    <Modal title={TEXT.title()} onClose={onClose}>
      <EditionPicker edition={edition} onPick={setPicked} className="mb-3" />
      <div className="mb-3 flex items-center justify-between">
        <button type="button" className="btn btn-secondary px-3" aria-label={TEXT.previousMonth()} onClick={() => {
          setMonth(addMonths(month, -1));
        }}>
          ‹
        </button>
        <p id="calendar-month" className="font-semibold" aria-live="polite">
          {monthLabel(month)}
        </p>
        <button type="button" className="btn btn-secondary px-3" aria-label={TEXT.nextMonth()} disabled={month >= monthOf(today)} onClick={() => {
          setMonth(addMonths(month, 1));
        }}>
          ›
        </button>
      </div>
      <div ref={grid} role="grid" aria-labelledby="calendar-month" className="grid gap-1 text-center text-sm" onKeyDown={onKeyDown}>
        <div role="row" className="grid grid-cols-7 gap-1">
          {weekdayNames().map((d) => (
            <div key={d} role="columnheader" className="py-1 text-xs text-muted">
              {d}
            </div>
          ))}
        </div>
        {weeks(month).map((week) => (
          <div key={week.find(Boolean) ?? ''} role="row" className="grid grid-cols-7 gap-1">
            {week.map((date, i) =>
              date ? (
                <Day key={date} date={date} today={today} hasGame={hasGame.has(date)} edition={edition} mark={results.get(date)} tabbable={date === active} onOpen={onClose} />
              ) : (
                <div key={`pad-${String(i)}`} role="gridcell" />
              ),
            )}
          </div>
        ))}
      </div>
      <Legend />
    </Modal>
  );
}
