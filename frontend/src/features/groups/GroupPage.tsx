/**
 * `/group/{id}`: a group's members, today's board (once the player finished today's game: no
 * spoilers), the weekly and all-time tables; the owner renames, shares or regenerates the invite
 * link, removes members and deletes the group; members leave.
 */
import '../../styles/full.css';
import { lazy, Suspense, useState, type SubmitEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { BoardRow, GroupDetail, TableRow, TodayBoard } from '../../api/generated/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Field } from '../../components/Field.tsx';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import { toast } from '../../stores/toasts.ts';
import { useUser } from '../../stores/user.ts';
import {
  deleteGroup,
  inviteLink,
  leaveGroup,
  MAX_GROUP_NAME,
  regenerateCode,
  removeMember,
  renameGroup,
  useGroup,
} from './api.ts';
import { LoginFirst } from '../../components/LoginFirst.tsx';
import { t as translate, useT, withMessages } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { Trans } from '../../components/Trans.tsx';

/** The owner's chat channel: only owners download it (the group page's query provider covers it). */
const ChannelPanel = lazy(() => withMessages(import('./ChannelPanel.tsx').then((m) => ({ default: m.ChannelPanel }))));

const failed = (error: unknown) => {
  toast({ title: translate('b.groups.error'), description: describeError(error), status: 'error', duration: 5000 });
};

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="grid gap-2" data-testid={testId} aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A table that may scroll sideways on a narrow screen: focusable, so keyboards can scroll it. */
// A scrollable region must take the focus (axe scrollable-region-focusable).
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

const cell = 'px-1 py-1.5 text-start sm:px-2';
const num = 'px-1 py-1.5 text-end tabular-nums sm:px-2';
// At 375 px seven columns do not fit: the result goes under the player's name there, in place of
// a last column the screen's edge cut to "Survive".
const wideCell = `${cell} hidden sm:table-cell`;

function TodayTable({ board }: { board: TodayBoard }) {
  const t = useT();
  if (!board.hasGame) return <p className="text-muted">{t('b.groups.noDaily')}</p>;
  if (board.locked)
    return (
      <p className="rounded-xl border border-dashed border-line p-4 text-center" data-testid="board-locked">
        <Trans id="b.groups.locked" components={{ 0: <Link className="underline" to="/" /> }} />
      </p>
    );
  if (board.rows.length === 0) return <p className="text-muted">{t('b.groups.noResults')}</p>;
  const result = (r: BoardRow) => (r.won ? t('b.groups.survived') : t('b.groups.erupted'));
  return (
    <Scroller label={t('b.groups.todayResults')}>
      <table className="w-full text-sm" data-testid="today-board">
        <caption className="sr-only">{t('b.groups.todayCaption')}</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            <th scope="col" className={num}>#</th>
            <th scope="col" className={cell}>{t('b.groups.col.player')}</th>
            <th scope="col" className={num}>{t('b.groups.col.score')}</th>
            <th scope="col" className={num}>{t('b.groups.col.found')}</th>
            <th scope="col" className={num}>{t('b.groups.col.wrong')}</th>
            <th scope="col" className={num}>{t('b.groups.col.hints')}</th>
            <th scope="col" className={wideCell}>{t('b.groups.col.result')}</th>
          </tr>
        </thead>
        <tbody>
          {board.rows.map((r: BoardRow) => (
            <tr key={r.userId} className="border-b border-line/50">
              <td className={num}>{formatNumber(r.rank)}</td>
              <th scope="row" className={`${cell} font-semibold`}>
                {r.username}
                <span className="block text-xs font-normal text-muted sm:hidden">{result(r)}</span>
              </th>
              <td className={num}>{formatNumber(r.score)}</td>
              <td className={num}>{t('b.groups.found', { n: r.found, of: 10 })}</td>
              <td className={num}>{formatNumber(r.wrong)}</td>
              <td className={num}>{formatNumber(r.hints)}</td>
              <td className={wideCell}>{result(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

function StandingsTable({ rows, caption }: { rows: TableRow[]; caption: string }) {
  const t = useT();
  return (
    <Scroller label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            <th scope="col" className={cell}>{t('b.groups.col.player')}</th>
            <th scope="col" className={num}>{t('b.groups.col.played')}</th>
            <th scope="col" className={num}>{t('b.groups.col.won')}</th>
            <th scope="col" className={num}>{t('b.groups.col.average')}</th>
            <th scope="col" className={num}>{t('b.groups.col.streak')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.userId} className="border-b border-line/50">
              <th scope="row" className={`${cell} font-semibold`}>{r.username}</th>
              <td className={num}>{formatNumber(r.played)}</td>
              <td className={num}>{formatNumber(r.won)}</td>
              <td className={num}>{r.played > 0 ? formatNumber(r.averageScore) : '–'}</td>
              <td className={num}>{formatNumber(r.playedStreak)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}

function InviteLink({ group, onChange }: { group: GroupDetail; onChange: (g: GroupDetail) => void }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const link = inviteLink(group.inviteCode ?? '');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: translate('b.groups.copied'), status: 'success' });
    } catch {
      toast({ title: translate('b.groups.copyFailed'), status: 'warning' });
    }
  };
  const regenerate = async () => {
    setBusy(true);
    try {
      onChange(await regenerateCode(group.id));
      toast({ title: translate('b.groups.newLinkDone'), status: 'success' });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <div className="grid gap-2">
      <label className="text-sm font-semibold" htmlFor="invite-link">{t('b.groups.inviteLink')}</label>
      <div className="flex flex-wrap gap-2">
        <input id="invite-link" readOnly value={link} data-testid="invite-link" className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
          onFocus={(e) => {
            e.target.select();
          }} />
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>{t('b.groups.copy')}</button>
        <button type="button" className="btn btn-ghost" onClick={() => {
          setAsking(true);
        }}>{t('b.groups.newLink')}</button>
      </div>
      {asking && (
        <ConfirmDialog message={t('b.groups.newLinkConfirm')} confirmLabel={t('b.groups.newLink')} busy={busy}
          onConfirm={() => void regenerate()} onCancel={() => {
            setAsking(false);
          }} />
      )}
    </div>
  );
}

function RenameForm({ group, onChange }: { group: GroupDetail; onChange: (g: GroupDetail) => void }) {
  const t = useT();
  const [name, setName] = useState(group.name);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    try {
      onChange(await renameGroup(group.id, name));
      toast({ title: translate('b.groups.renamed'), status: 'success' });
    } catch (err) {
      setError(err instanceof ApiError && err.field === 'name' ? err.message : describeError(err));
    }
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
      <Field className="min-w-0 flex-1" label={t('b.groups.name')} value={name} onChange={setName} error={error} maxLength={MAX_GROUP_NAME * 2} />
      <button type="submit" className="btn btn-ghost" disabled={name === group.name}>{t('b.groups.rename')}</button>
    </form>
  );
}

type Asking = { kind: 'remove'; userId: number; username: string } | { kind: 'leave' } | { kind: 'delete' };

function Members({ group, onChange, onGone }: { group: GroupDetail; onChange: (g: GroupDetail) => void; onGone: () => void }) {
  const t = useT();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      if (asking.kind === 'remove') onChange(await removeMember(group.id, asking.userId));
      else {
        await (asking.kind === 'leave' ? leaveGroup(group.id) : deleteGroup(group.id));
        toast({ title: asking.kind === 'leave' ? translate('b.groups.left') : translate('b.groups.deleted'), status: 'success' });
        onGone();
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const message =
    asking?.kind === 'remove'
      ? t('b.groups.removeConfirm', { username: asking.username })
      : asking?.kind === 'leave'
        ? t('b.groups.leaveConfirm')
        : t('b.groups.deleteConfirm');
  return (
    <>
      <ul className="grid gap-1" data-testid="members">
        {group.members.map((m) => (
          <li key={m.userId} className="flex items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2">
            <span>
              {m.username}
              {m.owner && <span className="ms-2 text-sm text-muted">{t('b.groups.owner')}</span>}
            </span>
            {group.owned && !m.owner && (
              <button type="button" className="btn btn-ghost px-2 py-1 text-sm" aria-label={t('b.groups.removeMember', { username: m.username })} onClick={() => {
                setAsking({ kind: 'remove', userId: m.userId, username: m.username });
              }}>
                {t('b.groups.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <div>
        <button type="button" className="btn btn-ghost text-wrong" onClick={() => {
          setAsking(group.owned ? { kind: 'delete' } : { kind: 'leave' });
        }}>
          {group.owned ? t('b.groups.deleteGroup') : t('b.groups.leaveGroup')}
        </button>
      </div>
      {asking && (
        <ConfirmDialog message={message} tone="danger" busy={busy}
          confirmLabel={asking.kind === 'remove' ? t('b.groups.remove') : asking.kind === 'leave' ? t('b.groups.leave') : t('b.groups.delete')}
          onConfirm={() => void confirm()} onCancel={() => {
            setAsking(null);
          }} />
      )}
    </>
  );
}

export function GroupPage() {
  const t = useT();
  const id = Number(useParams().id);
  const user = useUser((s) => s.user);
  const navigate = useNavigate();
  const { detail, boards, update, forget } = useGroup(id, user !== null && Number.isSafeInteger(id));
  if (!user) return <LoginFirst messageId="b.groups.loginToSee" />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="mx-auto grid w-full max-w-xl gap-3 px-4 py-8 text-center">
        <p role="alert">{missing ? t('b.groups.missing') : detail.error.message}</p>
        <Link to="/groups" className="btn btn-ghost justify-self-center">{t('b.groups.yours')}</Link>
      </div>
    );
  }
  const group = detail.data;
  if (!group) return <p className="p-8 text-center text-muted">{t('b.loading')}</p>;
  const gone = () => {
    forget();
    void navigate('/groups');
  };
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold" data-testid="group-name">{group.name}</h1>
        <p className="text-sm text-muted">
          <Trans id="b.groups.membersLine" values={{ count: group.members.length }} components={{ 0: <Link className="underline" to="/groups" /> }} />
        </p>
      </div>
      {group.owned && (
        <Section title={t('b.groups.section.invite')}>
          <InviteLink group={group} onChange={update} />
        </Section>
      )}
      {group.owned && (
        <Section title={t('b.groups.section.channel')} testId="channel-section">
          <Suspense fallback={<p className="text-muted">{t('b.loading')}</p>}>
            <ChannelPanel groupId={group.id} />
          </Suspense>
        </Section>
      )}
      <Section title={t('b.groups.section.today')} testId="today">
        {boards.data ? <TodayTable board={boards.data.today} /> : <p className="text-muted">{boards.isError ? t('b.groups.boardsFailed') : t('b.loading')}</p>}
      </Section>
      {boards.data && (
        <>
          <Section title={t('b.groups.section.week')}>
            <StandingsTable rows={boards.data.weekly} caption={t('b.groups.weekCaption')} />
          </Section>
          <Section title={t('b.groups.section.allTime')}>
            <StandingsTable rows={boards.data.allTime} caption={t('b.groups.allTimeCaption')} />
          </Section>
        </>
      )}
      <Section title={t('b.groups.section.members')}>
        {group.owned && <RenameForm group={group} onChange={update} />}
        <Members group={group} onChange={update} onGone={gone} />
      </Section>
    </div>
  );
}
