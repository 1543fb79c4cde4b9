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
import { NOT_AUTHORIZED, useDisputeGroups, useResolveDisputes } from './api.ts';

const gamePath = (group: DisputeGroup) => (group.date ? `/archive/${group.date}` : `/community/${group.gameUid}`);

function resolvedToast(result: AcceptResult | RejectResult, guess: string) {
  if ('regraded' in result) {
    return {
      title: `“${guess}” accepted`,
      description: `${result.regraded} of ${result.results} results regraded.`,
      status: 'success' as const,
    };
  }
  return { title: `“${guess}” rejected`, description: `${result.disputes} dispute${result.disputes === 1 ? '' : 's'} closed.`, status: 'info' as const };
}

function GroupCard({ group }: { group: DisputeGroup }) {
  const pickerId = useId();
  const [itemId, setItemId] = useState<number | null>(null);
  const resolve = useResolveDisputes({
    onSuccess: (result) => {
      toast(resolvedToast(result, group.guess));
    },
    onError: (error) => {
      toast({ title: 'The dispute could not be resolved.', description: describeError(error), status: 'error' });
    },
  });
  const decide = (item: number | null) => {
    resolve.mutate({ gameUid: group.gameUid, guessKey: group.guessKey, itemId: item });
  };
  const players = `${group.count} player${group.count === 1 ? '' : 's'}`;
  return (
    <li className="grid gap-3 rounded-xl bg-surface p-4" data-testid="dispute-group">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg">
          <strong>“{group.guess}”</strong> <span className="text-muted">in</span>{' '}
          <Link to={gamePath(group)} className="underline">
            {group.prompt}
          </Link>
        </p>
        <p className="text-sm text-muted">
          {players} · first {formatDateTime(group.firstAt)} · last {formatDateTime(group.lastAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={pickerId} className="text-sm">
            Add as a spelling of
          </label>
          <select
            id={pickerId}
            value={itemId ?? ''}
            onChange={(e) => {
              setItemId(e.target.value === '' ? null : Number(e.target.value));
            }}
            className="rounded-lg border border-line bg-surface-2 px-3 py-2 text-fg"
          >
            <option value="">Choose an item…</option>
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
          Accept
        </button>
        <button type="button" className="btn btn-secondary" disabled={resolve.isPending} onClick={() => {
          decide(null);
        }}>
          Reject
        </button>
      </div>
    </li>
  );
}

function DisputeList() {
  const groups = useDisputeGroups();
  if (groups.isError) return <p role="alert">The disputes could not be loaded: {describeError(groups.error)}</p>;
  if (!groups.data) return <p className="text-muted">Loading…</p>;
  if (groups.data.groups.length === 0) return <p className="text-muted">No open disputes.</p>;
  return (
    <ul className="grid gap-3" aria-label="Open disputes">
      {groups.data.groups.map((g) => (
        <GroupCard key={`${g.gameUid}/${g.guessKey}`} group={g} />
      ))}
    </ul>
  );
}

export function Disputes() {
  const { admin, ready } = useAdminStatus();
  return (
    <section aria-labelledby="disputes-title" className="grid gap-4">
      <h2 id="disputes-title" className="text-xl font-bold">
        Disputes
      </h2>
      <p className="text-muted">Players who say a wrong guess was right. Accepting regrades every result of the game.</p>
      {!ready && <p className="text-muted">Loading…</p>}
      {ready && !admin && <p role="alert">{NOT_AUTHORIZED}</p>}
      {ready && admin && <DisputeList />}
    </section>
  );
}
