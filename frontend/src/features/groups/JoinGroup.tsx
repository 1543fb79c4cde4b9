/**
 * `/join/{code}`: a friend's invite link. Anyone sees which group it is (name, owner, size);
 * a guest is asked to log in or sign up first, a logged-in player joins with one click, and a
 * member is offered the group itself. On a first visit, How to play waits until the player goes
 * to a game (app/Layout.tsx), so it does not cover the invite.
 */
import '../../styles/full.css';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { GroupInvite, InvitePreview } from '../../api/generated/index.ts';
import { describeError } from '../../lib/describeError.ts';
import { t, useT } from '../../lib/i18n.ts';
import { useUser } from '../../stores/user.ts';
import { joinGroup, useInvite, useInvitePreview } from './api.ts';
import { LoginFirst } from '../../components/LoginFirst.tsx';

/** The page's text in the active locale (components call `useT()` so that a switch re-renders them). */
const TEXT = {
  title: (name: string | undefined) => (name ? t('c.join.title', { name }) : t('c.join.titleNone')),
  looking: () => t('c.join.looking'),
  stale: () => t('c.join.stale'),
  summary: (group: InvitePreview) => t('c.join.summary', { owner: group.owner, members: group.members, max: group.maxMembers }),
  member: () => t('c.join.member'),
  join: () => t('c.join.join'),
  joining: () => t('c.join.joining'),
};

function JoinButton({ group, code }: { group: GroupInvite; code: string }) {
  useT();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (group.member) {
    return (
      <Link to={`/group/${String(group.id)}`} className="btn btn-primary justify-self-center">
        {TEXT.member()}
      </Link>
    );
  }
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const joined = await joinGroup(code);
      void navigate(`/group/${String(joined.id)}`, { replace: true });
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-primary justify-self-center" disabled={busy} onClick={() => void join()}>
        {busy ? TEXT.joining() : TEXT.join()}
      </button>
      {error && (
        <p role="alert" className="text-wrong">
          {error}
        </p>
      )}
    </>
  );
}

export function JoinGroup() {
  useT();
  const code = useParams().code ?? '';
  const user = useUser((s) => s.user);
  const invite = useInvite(code, Boolean(user));
  const preview = useInvitePreview(code, !user);
  const lookup = user ? invite : preview;
  const group = lookup.data;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 px-4 py-8 text-center">
      <h1 className="text-2xl font-bold">{TEXT.title(group?.name)}</h1>
      {lookup.isPending && <p role="status">{TEXT.looking()}</p>}
      {lookup.isError && (
        <p role="alert" className="text-wrong">
          {describeError(lookup.error)} {TEXT.stale()}
        </p>
      )}
      {group && <p data-testid="invite-summary">{TEXT.summary(group)}</p>}
      {group && !user && <LoginFirst messageId="c.login.toJoinGroup" className="" />}
      {user && invite.data && <JoinButton group={invite.data} code={code} />}
    </div>
  );
}
