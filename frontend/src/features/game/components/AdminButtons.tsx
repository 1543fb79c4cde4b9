/**
 * Admins' extra buttons on the game screen (spec §2, §6): Show Stats opens the stats modal at
 * any time (mid-game too), Edit Game opens `edit/{uid}`. Every stored game comes with its uid;
 * only the placeholder for a day with nothing scheduled has none, and there Edit Game is
 * disabled and says why.
 */
import '../../../styles/full.css';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n.ts';

interface Props {
  editUid: string | undefined;
  onShowStats: () => void;
}

export function AdminButtons({ editUid, onShowStats }: Props) {
  const t = useT();
  return (
    <div className="mt-2 grid grid-cols-2 gap-2" data-testid="admin-buttons">
      <button type="button" className="btn btn-secondary" onClick={onShowStats}>
        {t('a.admin.showStats')}
      </button>
      {editUid ? (
        <Link to={`/edit/${encodeURIComponent(editUid)}`} className="btn btn-secondary">
          {t('a.admin.editGame')}
        </Link>
      ) : (
        <button type="button" className="btn btn-secondary" disabled aria-describedby="edit-unavailable">
          {t('a.admin.editGame')}
        </button>
      )}
      {!editUid && (
        <p id="edit-unavailable" className="col-span-2 text-xs text-muted">
          {t('a.admin.nothingScheduled')}
        </p>
      )}
    </div>
  );
}
