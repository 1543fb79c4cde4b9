/**
 * The archive as a month grid: days with a game link to archive/{date}; days this player
 * finished are marked (won: yellow dot, lost: red dot) from the local saves, and for a logged-in
 * player also from the account's results on the server (played on any device). Today and later
 * are not links.
 */
import '../../../styles/full.css';
import { useMemo, useState } from 'react';
import { useUser } from '../../../stores/user.ts';
import { Link } from 'react-router';
import { useAccountDays, usePreviousDays } from '../api.ts';
import { addMonths, monthGrid, monthLabel, monthOf } from '../../../lib/dates.ts';
import { useCore, useToday } from '../../../core/useCore.ts';
import { allSaves } from '../stores/saves.ts';
import { ResultDot } from '../../../components/icons.tsx';
import { Modal } from '../../../components/Modal.tsx';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

type Mark = 'won' | 'lost' | 'started';

/** This device's saves, overlaid with the account's finished days when logged in. */
function useResults(): Map<string, Mark> {
  const username = useUser((s) => s.user?.username ?? null);
  const account = useAccountDays(username);
  const local = useMemo(
    () => allSaves().flatMap(([k, s]): [string, Mark][] => (s.date && k === s.date ? [[k, s.gameOver ? (s.won ? 'won' : 'lost') : 'started']] : [])),
    [],
  );
  return useMemo(() => {
    const marks = new Map(local);
    for (const day of account.data?.days ?? []) marks.set(day.date, day.won ? 'won' : 'lost');
    return marks;
  }, [local, account.data]);
}

export function CalendarModal({ onClose }: { onClose: () => void }) {
  const core = useCore();
  const today = useToday(core);
  const [month, setMonth] = useState(() => monthOf(today));
  const days = usePreviousDays();
  const hasGame = new Set(days.data?.games.flatMap((g) => (g.date ? [g.date] : [])) ?? []);
  const results = useResults();
  return (
    <Modal title="Archive calendar" onClose={onClose}>
      <div className="mb-3 flex items-center justify-between">
        <button type="button" className="btn btn-secondary px-3" aria-label="Previous month" onClick={() => {
          setMonth(addMonths(month, -1));
        }}>
          ‹
        </button>
        <p className="font-semibold" aria-live="polite">
          {monthLabel(month)}
        </p>
        <button type="button" className="btn btn-secondary px-3" aria-label="Next month" disabled={month >= monthOf(today)} onClick={() => {
          setMonth(addMonths(month, 1));
        }}>
          ›
        </button>
      </div>
      {/* Each day's name says its date in full, so the weekday row is only visual. */}
      <div className="grid grid-cols-7 gap-1 text-center text-sm">
        {WEEKDAYS.map((d) => (
          <div key={d} aria-hidden="true" className="py-1 text-xs text-muted">
            {d}
          </div>
        ))}
        {monthGrid(month).map((date, i) => {
          if (!date) return <div key={`pad-${i}`} />;
          const result = results.get(date);
          // Starts with the visible day number: "21 November 2026, won".
          const label = `${String(Number(date.slice(8)))} ${monthLabel(month)}${result ? `, ${result}` : ''}`;
          const content = (
            <>
              <span>{Number(date.slice(8))}</span>
              <span aria-hidden="true" className="flex h-4 items-center justify-center text-xs">
                {result === 'started' ? '·' : result ? <ResultDot found={result === 'won'} /> : null}
              </span>
            </>
          );
          return hasGame.has(date) && date < today ? (
            <Link key={date} to={`/archive/${date}`} onClick={onClose} aria-label={label} data-testid="calendar-day" data-result={result ?? ''} className="rounded-lg bg-surface py-1 hover:bg-surface-2">
              {content}
            </Link>
          ) : (
            <div key={date} className="rounded-lg py-1 text-muted">
              {content}
            </div>
          );
        })}
      </div>
      <p className="mt-3 flex items-center gap-2 text-xs text-muted">
        <ResultDot found /> won <ResultDot found={false} /> erupted · started
      </p>
    </Modal>
  );
}
