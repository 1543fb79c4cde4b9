/**
 * What the service worker (public/sw.js) stores beyond what the page happened to load, so that
 * recent days and unfinished games open offline.
 */
import { addDays } from '../../lib/days.ts';
import { communityKey, type SavedGame } from '../../stores/saves.ts';

/** The archive days kept for offline play, counted back from yesterday. */
export const OFFLINE_ARCHIVE_DAYS = 7;

const COMMUNITY_PREFIX = communityKey('');
const dayUrl = (date: string) => `/api/game/date/${encodeURIComponent(date)}`;
const communityUrl = (uid: string) => `/api/game/uid/${encodeURIComponent(uid)}`;

/** An unfinished game's data, by its save key; never a day after today (see below). */
function unfinishedUrl(key: string, today: string): string[] {
  if (key.startsWith(COMMUNITY_PREFIX)) return [communityUrl(key.slice(COMMUNITY_PREFIX.length))];
  return key <= today ? [dayUrl(key)] : [];
}

/**
 * The game data to keep: today's game, the last seven archive days and every unfinished game.
 * Today's is asked for although the page had it: on `/` it came inside the page
 * (server/src/web/spa/home.rs), and the offline shell is the plain index.html. Never a day after
 * today: only an admin can open one, and the server answers those `private, no-store`, which
 * the worker refuses to store anyway.
 */
export function offlineGameUrls(today: string, saves: [string, SavedGame][]): string[] {
  const recent = Array.from({ length: OFFLINE_ARCHIVE_DAYS + 1 }, (_, i) => dayUrl(addDays(today, -i)));
  const unfinished = saves.flatMap(([key, save]) => (save.gameOver ? [] : unfinishedUrl(key, today)));
  return [...new Set([...recent, ...unfinished])];
}
