/**
 * `/challenge/{id}`: a friend's challenge link. Before this player has finished the game it
 * shows only what the link's preview shows (the prompt, who challenges) and a Play button; once
 * their own result is stored (a past day's is stored for challenges when the page opens), both
 * results side by side: scores, items found by both or by one, hints and wrong guesses, as the
 * server replayed them.
 */
import '../../styles/full.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ChallengeComparison, ChallengePreview, ComparedResult, FoundBy } from '../../api/generated/index.ts';
import { useCore, useToday } from '../../core/useCore.ts';
import { describeError } from '../../lib/describeError.ts';
import { t, useT } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { loadSave } from '../../stores/saves.ts';
import { challengeSaveKey, fetchChallenge, fetchComparison, rememberChallenge, storeOwnResult } from './api.ts';

/** The page's text in the active locale (components call `useT()` so that a switch re-renders them). */
const TEXT = {
  title: () => t('b.challenge.title'),
  challenges: (name?: string | null) => (name ? t('b.challenge.challenges', { name }) : t('b.challenge.friendChallenges')),
  game: (c: ChallengePreview) => (c.dayNumber !== undefined ? t('b.challenge.day', { n: c.dayNumber }) : t('b.challenge.community')),
  rules: () => t('b.challenge.rules'),
  play: () => t('b.challenge.play'),
  yours: () => t('b.challenge.yours'),
  loading: () => t('b.challenge.loading'),
  gone: () => t('b.challenge.gone'),
  you: () => t('b.challenge.you'),
  them: (name?: string | null) => name ?? t('b.challenge.yourFriend'),
  versus: (name?: string | null) => (name ? t('b.challenge.versus', { name }) : t('b.challenge.versusFriend')),
  figures: () => t('b.challenge.figures'),
  score: () => t('b.challenge.score'),
  found: () => t('b.challenge.found'),
  hints: () => t('b.challenge.hints'),
  wrong: () => t('b.challenge.wrong'),
  none: () => t('b.challenge.none'),
  groups: {
    both: () => t('b.challenge.foundBoth'),
    viewer: () => t('b.challenge.onlyYou'),
    creator: (name?: string | null) => (name ? t('b.challenge.only', { name }) : t('b.challenge.onlyFriend')),
    neither: () => t('b.challenge.foundNeither'),
  },
  verdict: (mine: number, theirs: number, name?: string | null) =>
    mine > theirs ? t('b.challenge.youWin') : mine < theirs ? (name ? t('b.challenge.theyWin', { name }) : t('b.challenge.friendWins')) : t('b.challenge.tie'),
};

interface Loaded {
  challenge: ChallengePreview;
  comparison: ChallengeComparison | null;
}

/** The preview, then (unless it is the viewer's own) this player's result stored and compared. */
async function load(id: string, signal: AbortSignal): Promise<Loaded> {
  const challenge = await fetchChallenge(id, signal);
  if (challenge.yours) return { challenge, comparison: null };
  // A finished game that has not reached the server yet (or a past day): stored now. A failure
  // leaves the comparison to say whether a result is stored.
  const key = challengeSaveKey(challenge);
  await storeOwnResult(key).catch(() => false);
  let comparison = await fetchComparison(id, signal);
  // A game just finished here may still be on its way to the server (the outbox sends it).
  for (let tries = 0; comparison === null && loadSave(key)?.gameOver === true && tries < 5; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await storeOwnResult(key).catch(() => false);
    comparison = await fetchComparison(id, signal);
  }
  return { challenge, comparison };
}

/** Where the challenged game is played: today's on `/`, a past day in the archive, a community game by uid. */
function playPath(challenge: ChallengePreview, today: string): string {
  if (challenge.gameUid) return `/community/${encodeURIComponent(challenge.gameUid)}`;
  return challenge.date === today ? '/' : `/archive/${challenge.date ?? ''}`;
}

function Preview({ challenge }: { challenge: ChallengePreview }) {
  useT();
  const today = useToday(useCore());
  return (
    <section className="grid gap-4 rounded-xl bg-surface p-5" aria-labelledby="challenge-game">
      <p className="text-sm text-muted" id="challenge-game">
        {t('b.challenge.gameBy', { game: TEXT.game(challenge), submitter: challenge.submitter })}
      </p>
      <p dir="auto" className="text-2xl font-bold" data-testid="challenge-prompt">
        {challenge.prompt}
      </p>
      {challenge.yours ? (
        <p>{TEXT.yours()}</p>
      ) : (
        <>
          <p className="text-muted">{TEXT.rules()}</p>
          <Link
            to={playPath(challenge, today)}
            className="btn btn-primary justify-self-center px-10 py-3 text-lg"
            onClick={() => {
              rememberChallenge(challengeSaveKey(challenge), challenge.id);
            }}
          >
            {TEXT.play()}
          </Link>
        </>
      )}
    </section>
  );
}

function Figures({ comparison }: { comparison: ChallengeComparison }) {
  useT();
  const name = comparison.challenge.creatorName;
  const rows: [string, (r: ComparedResult) => string][] = [
    [TEXT.score(), (r) => formatNumber(r.score)],
    [TEXT.found(), (r) => t('b.groups.found', { n: r.found, of: comparison.items.length })],
    [TEXT.hints(), (r) => formatNumber(r.hints)],
    [TEXT.wrong(), (r) => formatNumber(r.wrongGuesses.length)],
  ];
  return (
    <table className="w-full table-fixed border-separate border-spacing-y-1 text-center" data-testid="challenge-figures">
      <caption className="sr-only">{TEXT.figures()}</caption>
      <thead>
        <tr className="text-sm text-muted">
          <td />
          <th scope="col">{TEXT.you()}</th>
          <th scope="col">{TEXT.them(name)}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="bg-surface">
            <th scope="row" className="rounded-s-lg px-2 py-2 text-start text-sm font-normal text-muted">
              {label}
            </th>
            <td className="py-2 text-xl font-bold tabular-nums">{value(comparison.viewer)}</td>
            <td className="rounded-e-lg py-2 text-xl font-bold tabular-nums">{value(comparison.creator)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ItemGroups({ comparison }: { comparison: ChallengeComparison }) {
  useT();
  const name = comparison.challenge.creatorName;
  const groups: [FoundBy, string][] = [
    ['both', TEXT.groups.both()],
    ['viewer', TEXT.groups.viewer()],
    ['creator', TEXT.groups.creator(name)],
    ['neither', TEXT.groups.neither()],
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {groups.map(([by, label]) => {
        const items = comparison.items.filter((i) => i.foundBy === by);
        return (
          <section key={by} className="rounded-xl bg-surface p-3" data-testid={`found-${by}`}>
            <h2 className="mb-1 font-semibold">
              {label} <span className="text-muted">({formatNumber(items.length)})</span>
            </h2>
            {items.length === 0 ? (
              <p className="text-sm text-muted">{TEXT.none()}</p>
            ) : (
              <ul className="grid gap-0.5 text-sm">
                {items.map((item) => (
                  <li key={item.id}>{item.name}</li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function WrongGuesses({ comparison }: { comparison: ChallengeComparison }) {
  useT();
  const columns: [string, string[]][] = [
    [TEXT.you(), comparison.viewer.wrongGuesses],
    [TEXT.them(comparison.challenge.creatorName), comparison.creator.wrongGuesses],
  ];
  return (
    <section className="grid gap-2" aria-labelledby="challenge-wrong">
      <h2 id="challenge-wrong" className="font-semibold">
        {TEXT.wrong()}
      </h2>
      <div className="grid grid-cols-2 gap-3">
        {columns.map(([who, guesses]) => (
          <div key={who} className="rounded-xl bg-surface p-3 text-sm">
            <h3 className="mb-1 text-muted">{who}</h3>
            {guesses.length === 0 ? <p className="text-muted">{TEXT.none()}</p> : <p>{guesses.join(t('b.listSeparator'))}</p>}
          </div>
        ))}
      </div>
    </section>
  );
}

function Comparison({ comparison }: { comparison: ChallengeComparison }) {
  useT();
  const name = comparison.challenge.creatorName;
  return (
    <div className="grid gap-4" data-testid="challenge-comparison">
      <p className="text-center text-sm text-muted">
        {t('b.challenge.gamePrompt', { game: TEXT.game(comparison.challenge), prompt: comparison.challenge.prompt })}
      </p>
      <p className="text-center text-xl font-bold text-lava-yellow" role="status">
        {TEXT.verdict(comparison.viewer.score, comparison.creator.score, name)}
      </p>
      <Figures comparison={comparison} />
      <ItemGroups comparison={comparison} />
      <WrongGuesses comparison={comparison} />
    </div>
  );
}

export function Challenge() {
  useT();
  const id = useParams().id ?? '';
  const query = useQuery({
    queryKey: ['challenge', id],
    queryFn: ({ signal }) => load(id, signal),
    retry: false,
    staleTime: 0,
  });
  const data = query.data;
  const heading = data?.comparison
    ? TEXT.versus(data.challenge.creatorName)
    : data
      ? TEXT.challenges(data.challenge.creatorName)
      : TEXT.title();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-8">
      <h1 className="text-center text-2xl font-bold">{heading}</h1>
      {query.isPending && <p role="status">{TEXT.loading()}</p>}
      {query.isError && (
        <p role="alert" className="text-center text-wrong">
          {describeError(query.error)} {TEXT.gone()}
        </p>
      )}
      {data && (data.comparison ? <Comparison comparison={data.comparison} /> : <Preview challenge={data.challenge} />)}
    </div>
  );
}
