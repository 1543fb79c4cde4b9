/** The game-over modal's line per group: the player's rank today, with a link to the group. */
import '../../styles/full.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchRanks, ordinal } from './api.ts';

export function GroupRanks() {
  const ranks = useQuery({ queryKey: ['group-ranks'], queryFn: ({ signal }) => fetchRanks(signal), staleTime: 0 });
  const list = ranks.data?.ranks ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="grid gap-1 text-center text-sm" data-testid="group-ranks" aria-label="Your rank in your groups">
      {list.map((r) => (
        <li key={r.groupId}>
          <Link className="underline" to={`/group/${String(r.groupId)}`}>
            {ordinal(r.rank)} of {r.players} in {r.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
