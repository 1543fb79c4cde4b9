/**
 * The server calls the player-facing screens make (spec §7), as plain requests: no TanStack
 * Query, so that today's game, the first guess's path and the outbox can use them without it
 * (features/game/api.ts and ./days.ts have the queries that cache them for the other screens,
 * and the requests only those screens make), and today's game as the server put it in the page.
 */
import { ApiError, get, post } from '../lib/apiClient.ts';
import type { CommunitySubmission, DailySubmission, Game, GameList, SubmissionResponse } from './generated/index.ts';
import { dailyKey, editionQuery, ENGLISH } from '../lib/edition.ts';

/** A day's game in a daily edition (English when `edition` is absent). */
export const fetchGameByDate = (date: string, signal?: AbortSignal, edition?: string) =>
  get<Game>(`/api/game/date/${encodeURIComponent(date)}${editionQuery(edition)}`, signal);

/** A day's game in `edition`, or English's when that edition has none that day (`noEditionGame`). */
export async function fetchEditionGame(date: string, edition: string, signal?: AbortSignal): Promise<Game> {
  try {
    return await fetchGameByDate(date, signal, edition);
  } catch (error) {
    if (edition === ENGLISH || !(error instanceof ApiError) || error.code !== 'noEditionGame') throw error;
    return fetchGameByDate(date, signal);
  }
}

/** A finished game's result: a day's by date, a community game's by uid. */
export type Submission = DailySubmission | CommunitySubmission;

export function submitResult(body: Submission): Promise<SubmissionResponse> {
  return 'gameUid' in body
    ? post<SubmissionResponse>('/api/game/submit-community-game', body)
    : post<SubmissionResponse>('/api/game/submit', body);
}

/** Every past day of a daily edition (calendar, dice). */
export const fetchPreviousDays = (signal?: AbortSignal, edition?: string) =>
  get<GameList>(`/api/previous-days${editionQuery(edition)}`, signal);

/** A value for one date, handed out once: a later query (a retry, a refetch) asks the server. */
function onceFor<T>() {
  let held: { date: string; value: T } | undefined;
  return {
    hold(date: string, value: T) {
      held = { date, value };
    },
    peek(date: string): T | undefined {
      return held?.date === date ? held.value : undefined;
    },
    take(date: string): T | undefined {
      if (held?.date !== date) return undefined;
      const { value } = held;
      held = undefined;
      return value;
    },
  };
}

const prefetched = onceFor<Promise<Game>>();
const embedded = onceFor<Game>();

/** Asks for a day's game before any component does (main.ts: today's, as soon as the core is up). */
export function prefetchGameByDate(date: string, edition: string = ENGLISH): void {
  const game = fetchGameByDate(date, undefined, edition);
  // A failure is the query's to report: it asks again itself.
  game.catch(() => undefined);
  prefetched.hold(dailyKey(date, edition), game);
}

/**
 * Whether a day's game answers a request for `edition`: it is that edition's, or it is English
 * standing in for an edition with no game that day (the server paints English then).
 */
export function servesEdition(game: Game, edition: string): boolean {
  const served = game.edition ?? ENGLISH;
  return served === edition || (served === ENGLISH && !(game.editions ?? []).includes(edition));
}

/** The id of the data block in which the server puts today's game on `/` (server/src/web/spa/home.rs). */
export const EMBEDDED_GAME_ID = 'today-game';

/**
 * Reads today's game from the page, where the server put it, so that the first render has it
 * without a fetch. Returns its date (main.ts fetches when that is not the core's today, e.g. a
 * page the service worker kept from another day), or null when the page has none.
 */
export function readEmbeddedGame(doc: Document = document): string | null {
  const text = doc.getElementById(EMBEDDED_GAME_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { date?: unknown; game?: unknown };
    if (typeof data.date !== 'string' || typeof data.game !== 'object' || data.game === null) return null;
    embedded.hold(data.date, data.game as Game);
    return data.date;
  } catch {
    return null; // a damaged block: the query fetches as before
  }
}

/** The game the server put in the page for `date`, if any, without handing it out (main.ts). */
export const embeddedGame = (date: string): Game | undefined => embedded.peek(date);

/** The game the page carried for `date`, handed out once (a later ask goes to the server). */
export const takeEmbeddedGame = (date: string): Game | undefined => embedded.take(date);

/** The request main.ts started for `date` in `edition` before any component asked, handed out once. */
export const takePrefetchedGame = (date: string, edition: string = ENGLISH): Promise<Game> | undefined =>
  prefetched.take(dailyKey(date, edition));
