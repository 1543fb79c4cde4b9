/** `user/{profileName}`: that user's community games ('{name}'s Community Games'). */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { get, query } from '../api/client.ts';
import type { GameList } from '../api/types.ts';
import { GameCards } from '../components/GameCards.tsx';
import { allSaves } from '../store/saves.ts';

/** The profile page asks for up to 500 games at once (spec §9). */
const USER_GAMES_LIMIT = 500;

export function UserGames() {
  const name = useParams().profileName ?? '';
  const saves = useMemo(() => new Map(allSaves()), []);
  const list = useQuery({
    queryKey: ['user-games', name],
    queryFn: ({ signal }) => get<GameList>(`/api/community-games-paginated${query({ page: 1, limit: USER_GAMES_LIMIT, username: name })}`, signal),
  });
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{name}'s Community Games</h1>
      {list.isError && <p role="alert">The list could not be loaded: {list.error.message}</p>}
      {list.data?.games.length === 0 && <p className="text-muted">No public games yet.</p>}
      {list.data && <GameCards games={list.data.games} kind="community" saves={saves} />}
    </div>
  );
}
