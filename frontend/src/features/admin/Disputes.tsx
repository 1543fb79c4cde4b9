/**
 * `explore/disputes`: the admins' Disputes tab (under Explore's tab row). Open "I was right" disputes grouped by game and
 * guess (how many players, first and last time); Accept adds the guess as an alternative
 * spelling of the item picked (and the server regrades every result of the game), Reject
 * closes the group.
 */
import '../../styles/full.css';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AcceptResult, DisputeGroup, RejectResult } from '../../api/generated/index.ts';
import { describeError } from '../../lib/describeError.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useAdminStatus } from '../../stores/admin.ts';
import { toast } from '../../stores/toasts.ts';
import { useDisputeGroups, useResolveDisputes } from './api.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { Trans } from '../../components/Trans.tsx';

const gamePath = (group: DisputeGroup) => (group.date ? `/archive/${group.date}` : `/community/${group.gameUid}`);

function resolvedToast(result: AcceptResult | RejectResult, guess: string) {
  if ('regraded' in result) {
    return {
      title: translate('a.disputes.accepted', { guess }),
      description: translate('a.disputes.regraded', { regraded: result.regraded, results: result.results }),
      status: 'success' as const,
    };
  }
  return { title: translate('a.disputes.rejected', { guess }), description: translate('a.disputes.closed', { count: result.disputes }), status: 'info' as const };
}

function GroupCard({ group }: { group: DisputeGroup }) {
  const t = useT();
  const pickerId = useId();
  const [itemId, setItemId] = useState<number | null>(null);
  const resolve = useResolveDisputes({
    onSuccess: (result) => {
      toast(resolvedToast(result, group.guess));
    },
    onError: (error) => {
      toast({ title: translate('a.disputes.failed'), description: describeError(error), status: 'error' });
    },
  });
  const decide = (item: number | null) => {
    resolve.mutate({ gameUid: group.gameUid, guessKey: group.guessKey, itemId: item });
  };
  return (
    <li className="grid gap-3 rounded-xl bg-surface p-4" data-testid="dispute-group">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg">
          <Trans
            id="a.disputes.headline"
            values={{ guess: group.guess }}
            components={{
              0: <strong />,
              1: <span className="text-muted" />,
              2: (
                <Link to={gamePath(group)} dir="auto" className="underline">
                  {group.prompt}
                </Link>
              ),
            }}
          />
        </p>
        <p className="text-sm text-muted">
          {t('a.disputes.meta', { count: group.count, first: formatDateTime(group.firstAt), last: formatDateTime(group.lastAt) })}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={pickerId} className="text-sm">
            {t('a.disputes.addAs')}
          </label>
          <select
            id={pickerId}
            value={itemId ?? ''}
            onChange={(e) => {
              setItemId(e.target.value === '' ? null : Number(e.target.value));
            }}
            className="rounded-lg border border-line bg-surface-2 px-3 py-2 text-fg"
          >
            <option value="">{t('a.disputes.choose')}</option>
            {group.items.map((it) => (
              <option key={it.id} value={it.id}>
                {it.name}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-primary" disabled={itemId === null || resolve.isPending} onClick={() => {
          decide(itemId);
        }}>
          {t('a.disputes.accept')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={resolve.isPending} onClick={() => {
          decide(null);
        }}>
          {t('a.disputes.reject')}
        </button>
      </div>
    </li>
  );
}

function DisputeList() {
  const t = useT();
  const groups = useDisputeGroups();
  if (groups.isError) return <p role="alert">{t('a.disputes.loadError', { error: describeError(groups.error) })}</p>;
  if (!groups.data) return <p className="text-muted">{t('a.common.loading')}</p>;
  if (groups.data.groups.length === 0) return <p className="text-muted">{t('a.disputes.none')}</p>;
  return (
    <ul className="grid gap-3" aria-label={t('a.disputes.open')}>
      {groups.data.groups.map((g) => (
        <GroupCard key={`${g.gameUid}/${g.guessKey}`} group={g} />
      ))}
    </ul>
  );
}

export function Disputes() {
  const t = useT();
  const { admin, ready } = useAdminStatus();
  return (
    <section aria-labelledby="disputes-title" className="grid gap-4">
      <h2 id="disputes-title" className="text-xl font-bold">
        {t('a.disputes.title')}
      </h2>
      <p className="text-muted">{t('a.disputes.intro')}</p>
      {!ready && <p className="text-muted">{t('a.common.loading')}</p>}
      {ready && !admin && <p role="alert">{t('error.forbidden')}</p>}
      {ready && admin && <DisputeList />}
    </section>
  );
}
