/**
 * `user/{profileName}`: that user's community games, 'Your Community Games' on your own page
 * (case-insensitive match) or '{name}'s Community Games'. The owner and admins also see each
 * game's visibility (the server lists private and unreviewed games to them only) and can
 * delete a game. Everyone sees the creator's totals (public games, plays, average rating); the
 * owner also sees each game's numbers (features/community/CreatorStats.tsx, which the app passes
 * in: src/app/routes/UserGames.tsx) and, on each public game, a button that shares (or copies)
 * its link.
 */
import '../../styles/full.css';
import { Suspense, useMemo, useState, type ComponentType, type SVGProps } from 'react';
import { Link, useParams } from 'react-router';
import { describeError } from '../../lib/describeError.ts';
import { deleteGame, useUserGames } from './api.ts';
import type { GameCard, ReviewStatus } from '../../api/generated/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { capitalise } from '../../lib/text.ts';
import { CalendarIcon } from '../../components/icons.tsx';
import { CheckIcon, TrophyIcon } from '../../components/badgeIcons.tsx';
import { formatDate } from '../../lib/dates.ts';
import { allSaves, communityKey, type SavedGame } from '../../stores/saves.ts';
import { toast } from '../../stores/toasts.ts';
import { LinkIcon, shareGameLink } from '../../components/ShareGameLink.tsx';
import { isAdmin, isOwnProfile, useUser } from '../../stores/user.ts';
import { t as translate, useT, type Translate } from '../../lib/i18n.ts';

/**
 * What another feature puts on the page, passed in by the app (src/app/routes/UserGames.tsx): a
 * feature imports no other.
 */
export interface UserGamesExtras {
  /** The creator's totals under the title, for everyone. */
  CreatorTotalsLine: ComponentType<{ username: string }>;
  /** Each of the owner's games' numbers, under the games. */
  CreatorStatsPanel: ComponentType;
}

/** The profile page asks for up to 500 games at once (spec §9). */
const USER_GAMES_LIMIT = 500;

export function profileTitle(t: Translate, profileName: string, own: boolean): string {
  return own ? t('a.profile.own') : t('a.profile.other', { name: profileName });
}

const icon = (props: SVGProps<SVGSVGElement>): SVGProps<SVGSVGElement> => ({
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  ...props,
});

function GlobeIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...icon(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}

function LockIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...icon(props)}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

function TrashIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...icon(props)}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

/** What the owner's badge says: public, or private and why (the admins' review). */
function visibilityText(isPublic: boolean, status: ReviewStatus | undefined): { label: string; text: string } {
  if (isPublic) return { label: 'a.visibility.public', text: 'a.visibility.public.text' };
  if (status === 'denied') return { label: 'a.visibility.denied', text: 'a.visibility.denied.text' };
  if (status === 'approved') return { label: 'a.visibility.unlisted', text: 'a.visibility.unlisted.text' };
  return { label: 'a.visibility.pending', text: 'a.visibility.pending.text' };
}

function Visibility({ isPublic, status }: { isPublic: boolean; status: ReviewStatus | undefined }) {
  const t = useT();
  const ids = visibilityText(isPublic, status);
  const label = t(ids.label);
  const text = t(ids.text);
  return (
    <span
      title={text}
      data-testid="visibility"
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${isPublic ? 'border-found text-fg' : 'border-line bg-surface-2 text-muted'}`}
    >
      {isPublic ? <GlobeIcon /> : <LockIcon />}
      {label}
      <span className="sr-only">{t('a.visibility.sr', { text })}</span>
    </span>
  );
}

interface CardProps {
  game: GameCard;
  save: SavedGame | undefined;
  manage: boolean;
  /** The creator's own profile: public games get a share-link button. */
  own: boolean;
  onDelete: (game: GameCard) => void;
}

function ProfileCard({ game, save, manage, own, onDelete }: CardProps) {
  const t = useT();
  const finished = save?.gameOver === true;
  const uid = game.uid ?? '';
  // Only a public game's link opens for others.
  const shareable = own && uid !== '' && game.public !== false;
  return (
    <li className="relative" data-testid="profile-game">
      <Link
        to={`/community/${uid}`}
        data-testid="game-card"
        className={`flex h-full flex-col gap-2 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-lava-yellow focus-visible:border-lava-yellow ${manage ? 'pe-14' : ''}`}
      >
        <p dir="auto" className="text-lg leading-snug font-semibold italic">{capitalise(game.prompt)}</p>
        <p className="text-sm text-muted">{t('a.profile.by', { name: game.submitter || t('a.profile.anonymous') })}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          {manage && game.public !== undefined && <Visibility isPublic={game.public} status={game.status} />}
          {game.daily_date && (
            <span title={t('a.profile.alsoDaily', { date: formatDate(game.daily_date) })}>
              <CalendarIcon className="inline align-[-2px]" /> {t('a.profile.daily', { date: formatDate(game.daily_date) })}
            </span>
          )}
          {finished && (
            <span className="ms-auto" title={t(save.won ? 'a.profile.survived' : 'a.profile.finished')}>
              {save.won ? <TrophyIcon className="text-lava-yellow" /> : <CheckIcon />}
              <span className="sr-only">{t(save.won ? 'a.profile.won' : 'a.profile.done')}</span>
            </span>
          )}
        </div>
      </Link>
      <div className="absolute top-2 end-2 flex flex-col gap-1">
        {manage && uid && (
          <button
            type="button"
            className="btn btn-ghost px-2.5 py-2 text-lg text-muted hover:text-wrong"
            aria-label={t('a.profile.deleteGame', { prompt: game.prompt })}
            title={t('a.profile.deleteThis')}
            onClick={() => {
              onDelete(game);
            }}
          >
            <TrashIcon />
          </button>
        )}
        {shareable && (
          <button
            type="button"
            className="btn btn-ghost px-2.5 py-2 text-lg text-muted hover:text-fg"
            aria-label={t('b.shareLink.labelFor', { prompt: game.prompt })}
            title={t('b.shareLink.label')}
            data-testid="share-game-link"
            onClick={() => void shareGameLink(uid, game.prompt)}
          >
            <LinkIcon />
          </button>
        )}
      </div>
    </li>
  );
}

export function UserGames({ CreatorTotalsLine, CreatorStatsPanel }: UserGamesExtras) {
  const t = useT();
  const name = useParams().profileName ?? '';
  const user = useUser((s) => s.user);
  const own = user !== null && isOwnProfile(name, user.username);
  const manage = own || isAdmin(user);
  const saves = useMemo(() => new Map(allSaves()), []);
  const { list, refresh } = useUserGames(name, user?.username ?? null, USER_GAMES_LIMIT);
  const [deleting, setDeleting] = useState<GameCard | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting?.uid) return;
    setBusy(true);
    try {
      await deleteGame(deleting.uid);
      toast({ title: translate('a.profile.deleted'), status: 'success' });
      await refresh();
    } catch (error) {
      toast({ title: translate('a.profile.error'), description: describeError(error), status: 'error', duration: 5000 });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const games = list.data?.games ?? [];
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 py-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{profileTitle(t, name, own)}</h1>
          {list.data && (
            <p className="text-sm text-muted" data-testid="profile-count">
              {t('a.profile.count', { count: list.data.total })}
            </p>
          )}
          <Suspense fallback={null}>
            <CreatorTotalsLine username={name} />
          </Suspense>
        </div>
        {own && (
          <Link to="/create" className="btn btn-primary">
            {t('a.profile.create')}
          </Link>
        )}
      </div>
      {own && games.some((g) => g.public === false) && (
        <p className="mb-4 rounded-lg border border-line bg-surface px-4 py-3 text-sm text-muted">
          {t('a.profile.privateNote')}
        </p>
      )}
      {list.isPending && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-32 animate-pulse rounded-xl border border-line bg-surface" />
          ))}
        </ul>
      )}
      {list.isError && <p role="alert">{t('a.profile.loadError', { error: list.error.message })}</p>}
      {list.data && games.length === 0 && (
        <div className="rounded-xl border border-dashed border-line p-8 text-center text-muted">
          {own ? (
            <>
              <p>{t('a.profile.emptyOwn')}</p>
              <Link to="/create" className="mt-2 inline-block font-semibold text-lava-yellow underline-offset-2 hover:underline">
                {t('a.profile.createFirst')}
              </Link>
            </>
          ) : (
            <p>{t('a.profile.empty')}</p>
          )}
        </div>
      )}
      {games.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {games.map((g) => (
            <ProfileCard key={g.uid ?? g.prompt} game={g} save={g.uid ? saves.get(communityKey(g.uid)) : undefined} manage={manage} own={own} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      {own && games.length > 0 && (
        <Suspense fallback={null}>
          <CreatorStatsPanel />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('a.profile.delete.title')}
          message={t('a.profile.delete.message')}
          confirmLabel={t('a.common.delete')}
          tone="danger"
          busy={busy}
          onCancel={() => {
            setDeleting(null);
          }}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </div>
  );
}
