/**
 * Explore cards: prompt, creator, day number with date, a daily icon (with its date) and a
 * finished icon from local saves and, for a logged-in player, the account's finished days;
 * for admins, a menu of review actions on community games (features/admin's, which the app passes
 * in), and on the review lists' cards what there is to decide on: the items, how many, and when
 * the game was submitted.
 */
import { editionQuery } from '../../lib/edition.ts';
import { useId, type ComponentType, type Ref } from 'react';
import { Link } from 'react-router';
import type { ExploreKind } from './api.ts';
import type { DayResult, GameCard, ReviewGame } from '../../api/generated/index.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { Highlighted, allWords, wordsOf } from './flaggedWords.tsx';
import { Trans } from '../../components/Trans.tsx';
import { capitalise } from '../../lib/text.ts';
import { CalendarIcon } from '../../components/icons.tsx';
import { CheckIcon, StarIcon, TrophyIcon } from '../../components/badgeIcons.tsx';
import { activeLocale, t as translate, useT } from '../../lib/i18n.ts';
import { categoryLabel, ratingText } from '../../lib/labels.ts';
import { communityKey, type SavedGame } from '../../stores/saves.ts';

/** Day listings (past and future days) open games by date; the others are community games. */
const byDate = (kind: ExploreKind) => kind === 'archive' || kind === 'future';

/** A listing card opens the game the way the listing shows it: days by date, community games by uid. */
export function cardTarget(game: GameCard, kind: ExploreKind): string {
  if (byDate(kind) || !game.uid) return `/archive/${game.date ?? ''}${editionQuery(game.edition)}`;
  return `/community/${game.uid}`;
}

/** How far this player got with a game: what a card marks. */
export type PlayMark = Pick<SavedGame, 'gameOver' | 'won'>;

/**
 * This device's saves, with the days the account finished on any device on top (a day finished
 * elsewhere is finished here too, whatever this device's save says).
 */
export function playMarks(saves: [string, SavedGame][], accountDays: DayResult[] = []): Map<string, PlayMark> {
  const marks = new Map<string, PlayMark>(saves.map(([key, save]) => [key, { gameOver: save.gameOver, won: save.won }]));
  for (const day of accountDays) marks.set(day.date, { gameOver: true, won: day.won });
  return marks;
}

export function saveKeyOf(game: GameCard, kind: ExploreKind): string | null {
  if (byDate(kind)) return game.date ?? null;
  return game.uid ? communityKey(game.uid) : null;
}

/** What the admins' menu on a card gets: the game, its uid and the list it is in. */
export interface CardMenuProps {
  game: GameCard;
  uid: string;
  kind: ExploreKind;
}

interface CardProps {
  game: GameCard;
  kind: ExploreKind;
  save: PlayMark | undefined;
  admin: boolean;
  CardMenu: ComponentType<CardMenuProps>;
}

/** An average rating with one decimal, as the active locale writes it. */
const oneDecimal = (n: number) => new Intl.NumberFormat(activeLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

function Card({ game, kind, save, admin, CardMenu }: CardProps) {
  const t = useT();
  const finished = save?.gameOver === true;
  // Review actions are for community games; day listings (past and future days) get none.
  const menuUid = admin && !byDate(kind) ? game.uid : undefined;
  return (
    <li className="relative" data-testid="game-card-item">
      <Link to={cardTarget(game, kind)} data-testid="game-card" className={`flex h-full flex-col gap-2 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-lava-yellow focus-visible:border-lava-yellow ${menuUid ? 'pe-12' : ''}`}>
        <p dir="auto" className="text-lg leading-snug font-semibold italic">{capitalise(game.prompt)}</p>
        <p className="text-sm text-muted">{REVIEW_TEXT.by(game.submitter)}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {byDate(kind) && game.dayNumber !== undefined && game.date && (
            <span>
              {t('b.cards.day', { n: game.dayNumber, date: formatDate(game.date) })}
            </span>
          )}
          {!byDate(kind) && game.ratings !== undefined && (
            <span data-testid="card-rating">
              <StarIcon className="inline align-[-2px] text-lava-yellow" filled={game.ratings > 0} />
              <span aria-hidden="true"> {game.rating !== undefined ? t('b.cards.rating', { average: oneDecimal(game.rating), count: game.ratings }) : '–'}</span>
              <span className="sr-only">{ratingText(game.rating, game.ratings)}</span>
            </span>
          )}
          {!byDate(kind) && game.plays !== undefined && <span>{t('b.cards.plays', { count: game.plays })}</span>}
          {!byDate(kind) && game.categories && game.categories.length > 0 && (
            <span className="text-muted">{game.categories.map(categoryLabel).join(' · ')}</span>
          )}
          {!byDate(kind) && game.daily_date && (
            <span title={t('b.cards.alsoDaily', { date: formatDate(game.daily_date) })}>
              <CalendarIcon className="inline align-[-2px]" /> {t('b.cards.daily', { date: formatDate(game.daily_date) })}
            </span>
          )}
          {finished && (
            <span className="ms-auto" title={save.won ? t('b.cards.survived') : t('b.cards.finished')} data-testid="finished-icon">
              {save.won ? <TrophyIcon className="text-lava-yellow" /> : <CheckIcon />}
              <span className="sr-only">{save.won ? t('b.cards.won') : t('b.cards.done')}</span>
            </span>
          )}
        </div>
      </Link>
      {menuUid && <CardMenu game={game} uid={menuUid} kind={kind} />}
    </li>
  );
}

const REVIEW_TEXT = {
  flagged: (words: string[]) => translate('b.cards.flaggedWords', { words: words.join(', ') }),
  by: (submitter: string) => (submitter ? translate('b.cards.by', { submitter }) : translate('b.cards.byAnonymous')),
  items: (count: number) => translate('b.cards.items', { count }),
  spellings: () => translate('b.cards.alsoAccepted'),
};

const isReviewGame = (game: GameCard | ReviewGame): game is ReviewGame => 'items' in game && 'createdAt' in game;

/** A card of the review lists: the prompt links to the game; the items are listed to decide on. */
function ReviewCard({ game, kind, CardMenu }: { game: ReviewGame; kind: ExploreKind; CardMenu: ComponentType<CardMenuProps> }) {
  useT(); // re-render on a locale switch
  const id = useId();
  const uid = game.uid ?? '';
  const flagged = game.flaggedWords;
  return (
    <li className="relative" data-testid="game-card-item">
      <article aria-labelledby={`${id}-prompt`} className="flex h-full flex-col gap-2 rounded-xl border border-line bg-surface p-4 pe-12" data-testid="review-card">
        <h2 id={`${id}-prompt`} dir="auto" className="text-lg leading-snug font-semibold italic">
          <Link to={cardTarget(game, kind)} data-testid="game-card" className="underline-offset-2 hover:underline focus-visible:underline">
            <Highlighted text={capitalise(game.prompt)} words={wordsOf(flagged, 'prompt')} />
          </Link>
        </h2>
        {flagged.length > 0 && (
          <p className="text-sm font-semibold" data-testid="flagged-words">
            {REVIEW_TEXT.flagged(allWords(flagged))}
          </p>
        )}
        <p className="text-sm text-muted">
          {REVIEW_TEXT.by(game.submitter)} ·{' '}
          <Trans
            id="b.cards.submitted"
            components={{
              0: (
                <time dateTime={game.createdAt} data-testid="submitted">
                  {formatDateTime(game.createdAt)}
                </time>
              ),
            }}
          />
        </p>
        <p id={`${id}-count`} className="text-sm font-semibold" data-testid="item-count">
          {REVIEW_TEXT.items(game.items.length)}
        </p>
        <ol aria-labelledby={`${id}-count`} className="grid list-decimal gap-x-6 gap-y-0.5 ps-5 text-sm sm:grid-cols-2" data-testid="review-items">
          {game.items.map((item, i) => (
            <li key={item.id}>
              <Highlighted text={item.name} words={wordsOf(flagged, `items.${String(i)}.name`)} />
              {item.altSpellings.length > 0 && (
                <span className="text-muted">
                  {' '}
                  <span className="sr-only">{REVIEW_TEXT.spellings()} </span>(
                  <Highlighted text={item.altSpellings.join(', ')} words={wordsOf(flagged, `items.${String(i)}.altSpellings`)} />)
                </span>
              )}
            </li>
          ))}
        </ol>
      </article>
      {uid && <CardMenu game={game} uid={uid} kind={kind} />}
    </li>
  );
}

interface Props {
  games: (GameCard | ReviewGame)[];
  kind: ExploreKind;
  saves: Map<string, PlayMark>;
  /** Shows the review menu on cards of community games. */
  admin?: boolean;
  /** The admins' review menu (features/admin/CardMenu.tsx, passed in by the app). */
  CardMenu: ComponentType<CardMenuProps>;
  /** The list's top, where a move with the pager lands (focusable). */
  listRef?: Ref<HTMLUListElement>;
  /** The list's accessible name (which list, which page). */
  label?: string;
}

export function GameCards({ games, kind, saves, admin = false, CardMenu, listRef, label }: Props) {
  return (
    <ul ref={listRef} tabIndex={listRef ? -1 : undefined} aria-label={label} className="grid scroll-mt-24 gap-3 outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-lava-yellow sm:grid-cols-2 lg:grid-cols-3">
      {games.map((g) => {
        if (admin && isReviewGame(g)) return <ReviewCard key={g.uid ?? g.prompt} game={g} kind={kind} CardMenu={CardMenu} />;
        const key = saveKeyOf(g, kind);
        return <Card key={`${g.uid ?? ''}${g.date ?? ''}`} game={g} kind={kind} save={key ? saves.get(key) : undefined} admin={admin} CardMenu={CardMenu} />;
      })}
    </ul>
  );
}
