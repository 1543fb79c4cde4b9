/** Explore cards: prompt, creator, day number with date, a daily icon (with its date) and a finished icon from local saves. */
import { Link } from 'react-router';
import type { GameCard } from '../api/types.ts';
import { shortDate } from '../core/dates.ts';
import { capitalise } from './game/Prompt.tsx';
import { CalendarIcon, CheckIcon, TrophyIcon } from './icons.tsx';
import { communityKey, type SavedGame } from '../store/saves.ts';

/** A listing card opens the game the way the listing shows it: days by date, community games by uid. */
export function cardTarget(game: GameCard, kind: 'archive' | 'community'): string {
  if (kind === 'archive' || !game.uid) return `/archive/${game.date ?? ''}`;
  return `/community/${game.uid}`;
}

export function saveKeyOf(game: GameCard, kind: 'archive' | 'community'): string | null {
  if (kind === 'archive') return game.date ?? null;
  return game.uid ? communityKey(game.uid) : null;
}

function Card({ game, kind, save }: { game: GameCard; kind: 'archive' | 'community'; save: SavedGame | undefined }) {
  const finished = save?.gameOver === true;
  return (
    <li>
      <Link to={cardTarget(game, kind)} data-testid="game-card" className="flex h-full flex-col gap-2 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-lava-yellow focus-visible:border-lava-yellow">
        <p className="text-lg leading-snug font-semibold italic">{capitalise(game.prompt)}</p>
        <p className="text-sm text-muted">by {game.submitter || 'anonymous'}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {kind === 'archive' && game.dayNumber !== undefined && game.date && (
            <span>
              Day {game.dayNumber} · {shortDate(game.date)}
            </span>
          )}
          {kind === 'community' && game.daily_date && (
            <span title={`Also a daily game on ${game.daily_date}`}>
              <CalendarIcon className="inline align-[-2px]" /> Daily {shortDate(game.daily_date)}
            </span>
          )}
          {finished && (
            <span className="ml-auto" title={save.won ? 'You survived this one' : 'You finished this one'} data-testid="finished-icon">
              {save.won ? <TrophyIcon className="text-lava-yellow" /> : <CheckIcon />}
              <span className="sr-only">{save.won ? 'Won' : 'Finished'}</span>
            </span>
          )}
        </div>
      </Link>
    </li>
  );
}

export function GameCards({ games, kind, saves }: { games: GameCard[]; kind: 'archive' | 'community'; saves: Map<string, SavedGame> }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {games.map((g) => {
        const key = saveKeyOf(g, kind);
        return <Card key={`${g.uid ?? ''}${g.date ?? ''}`} game={g} kind={kind} save={key ? saves.get(key) : undefined} />;
      })}
    </ul>
  );
}
