/** Review Games' reported games (admins): counts, reasons and details; dismiss or hide. */
import '../../styles/full.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describeError } from '../../lib/describeError.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { toast } from '../../stores/toasts.ts';
import type { ReportAction, ReportedGame } from '../../api/generated/index.ts';
import { decideReports, fetchReportedGames, reasonLabel } from './api.ts';

export function ReportedGames() {
  const t = useT();
  const client = useQueryClient();
  const reported = useQuery({ queryKey: ['reports'], queryFn: ({ signal }) => fetchReportedGames(signal) });
  const decide = useMutation({
    mutationFn: ({ uid, action }: { uid: string; action: ReportAction }) => decideReports(uid, action),
    onSuccess: async (result) => {
      await Promise.all([client.invalidateQueries({ queryKey: ['reports'] }), client.invalidateQueries({ queryKey: ['list'] })]);
      const title = result.action === 'hide' ? translate('b.reports.hidden') : translate('b.reports.dismissed');
      toast({ title, description: translate('b.reports.closed', { count: result.closed }), status: 'success' });
    },
    onError: (error) => {
      toast({ title: translate('b.reports.error'), description: describeError(error), status: 'error' });
    },
  });
  if (reported.isError) return <p role="alert">{t('b.reports.loadFailed', { error: reported.error.message })}</p>;
  if (!reported.data) return <p className="text-muted">{t('b.reports.loading')}</p>;
  const games = reported.data.games;
  return (
    <section aria-labelledby="reported-title" className="mb-6">
      <h2 id="reported-title" className="mb-2 text-lg font-bold">
        {t('b.reports.title')}
      </h2>
      {games.length === 0 ? (
        <p className="text-muted">{t('b.reports.none')}</p>
      ) : (
        <ul className="grid gap-3">
          {games.map((game) => (
            <ReportedCard key={game.uid} game={game} busy={decide.isPending} onDecide={(action) => { decide.mutate({ uid: game.uid, action }); }} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportedCard({ game, busy, onDecide }: { game: ReportedGame; busy: boolean; onDecide: (action: ReportAction) => void }) {
  const t = useT();
  return (
    <li className="rounded-xl border border-line bg-surface p-4" data-testid="reported-game">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`/community/${encodeURIComponent(game.uid)}`} dir="auto" className="font-semibold underline-offset-2 hover:underline">
          {game.prompt}
        </Link>
        <span className="text-sm text-muted">
          {t(game.public ? 'b.reports.meta' : 'b.reports.meta.private', { count: game.reports, status: game.status, date: formatDateTime(game.lastAt) })}
        </span>
      </div>
      <p className="mt-1 text-sm">{game.reasons.map((r) => t('b.reports.reason', { reason: reasonLabel(r.reason), count: r.count })).join(t('b.listSeparator'))}</p>
      {game.details.length > 0 && (
        <ul className="mt-2 list-disc ps-5 text-sm text-muted">
          {game.details.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex gap-2">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => { onDecide('dismiss'); }}>
          {t('b.reports.dismiss')}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => { onDecide('hide'); }}>
          {t('b.reports.hide')}
        </button>
      </div>
    </li>
  );
}
