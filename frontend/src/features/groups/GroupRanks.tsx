/** The game-over modal's line per group: the player's rank today, with a link to the group. */
import '../../styles/full.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { fetchRanks } from './api.ts';

export function GroupRanks() {
  const t = useT();
  const ranks = useQuery({ queryKey: ['group-ranks'], queryFn: ({ signal }) => fetchRanks(signal), staleTime: 0 });
  const list = ranks.data?.ranks ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="grid gap-1 text-center text-sm" data-testid="group-ranks" aria-label={t('b.groups.ranksLabel')}>
      {list.map((r) => (
        <li key={r.groupId}>
          <Link className="underline" to={`/group/${String(r.groupId)}`}>
            {t('b.groups.rankLine', { rank: r.rank, players: r.players, name: r.name })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
