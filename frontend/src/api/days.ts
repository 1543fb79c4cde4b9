/**
 * The day lists' queries, which the calendar (features/game) and the explore archive
 * (features/explore) share: a player's finished days, every past day of an edition, and the
 * edition the lists open on.
 */
import { useQuery } from '@tanstack/react-query';
import { FIVE_MINUTES } from '../lib/cacheTimes.ts';
import type { AccountDays, GameList } from './generated/index.ts';
import { get } from '../lib/apiClient.ts';
import { editionQuery, ENGLISH, useEdition } from '../lib/edition.ts';
import { fetchPreviousDays } from './games.ts';

/** A logged-in player's finished daily days of an edition from the server, played on any device. */
const fetchAccountDays = (signal?: AbortSignal, edition?: string) => get<AccountDays>(`/api/history/days${editionQuery(edition)}`, signal);

/** A logged-in player's finished daily days of an edition from the server, played on any device (`null`: a guest, not asked). */
export const useAccountDays = (username: string | null, edition: string = ENGLISH) =>
  useQuery({
    queryKey: ['account-days', username, edition],
    queryFn: ({ signal }) => fetchAccountDays(signal, edition),
    enabled: username !== null,
  });

/** Every past day of a daily edition (`enabled` false: not asked). */
export const usePreviousDays = (edition: string = ENGLISH, enabled = true) =>
  useQuery({
    queryKey: ['previous-days', edition],
    queryFn: ({ signal }) => fetchPreviousDays(signal, edition),
    enabled,
    staleTime: FIVE_MINUTES,
  });

/**
 * The edition the day lists open on, from the edition this device asks for (`wanted`: chosen
 * here, else the interface language's) and that edition's past days: `wanted` when it has any;
 * else English, the edition a player whose language has no daily of its own plays (`/` falls
 * back the same way); `undefined` while the days are on their way.
 */
export function listEditionOf(wanted: string, days: GameList | undefined, failed: boolean): string | undefined {
  if (wanted === ENGLISH || failed) return ENGLISH;
  if (!days) return undefined;
  return days.games.length > 0 ? wanted : ENGLISH;
}

/**
 * The edition the archive and the calendar show unless the player picks another (`listEditionOf`);
 * `enabled` false: no day list on screen, nothing asked.
 */
export function useListEdition(enabled = true): string | undefined {
  const wanted = useEdition((s) => s.edition);
  const days = usePreviousDays(wanted, enabled && wanted !== ENGLISH);
  return listEditionOf(wanted, days.data, days.isError);
}
