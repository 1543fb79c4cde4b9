/**
 * 'Community Game by {name}' / 'Archive Day N by {name}' / 'Day N by {name}'; from day 205 the
 * name links to the profile. An admin opening today or a scheduled day through `/archive/{date}`
 * sees 'Day N': that day is not in the archive yet.
 */
import { Link } from 'react-router';
import type { SessionMeta } from '../stores/session.ts';
import { useT } from '../../../lib/i18n.ts';
import { Trans } from '../../../components/Trans.tsx';

/** Day 205 is the first day whose submitters have profiles (spec §2). */
const FIRST_PROFILE_DAY = 205;

export function SubmitterLine({ meta, today }: { meta: SessionMeta; today?: string }) {
  const t = useT();
  if (!meta.submitter) return null;
  const linked = meta.mode === 'community' || (meta.dayNumber ?? 0) >= FIRST_PROFILE_DAY;
  const name = linked ? (
    <Link className="underline decoration-dotted underline-offset-2 hover:text-lava-yellow" to={`/user/${encodeURIComponent(meta.submitter)}`}>
      {meta.submitter}
    </Link>
  ) : (
    meta.submitter
  );
  const lead =
    meta.mode === 'community'
      ? t('game.submitter.community')
      : t(isPastDay(meta, today) ? 'game.submitter.archiveDay' : 'game.submitter.day', { day: meta.dayNumber ?? 0 });
  return (
    <p className="mt-2 text-sm text-muted" data-testid="submitter">
      <Trans id="game.submitter.by" values={{ lead }} components={{ 0: <>{name}</> }} />
    </p>
  );
}

/** An archive day before today (ISO dates compare as strings). */
function isPastDay(meta: SessionMeta, today: string | undefined): boolean {
  if (meta.mode !== 'archive') return false;
  return !today || !meta.date || meta.date < today;
}
