/**
 * `/join/{code}`: a friend's invite link. A logged-in player sees which group it is (name, owner,
 * size) and joins with one click; a member is offered the group itself.
 */
import '../../styles/full.css';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { describeError } from '../../lib/describeError.ts';
import { useUser } from '../../stores/user.ts';
import { joinGroup, useInvite } from './api.ts';
import { LoginFirst } from './Groups.tsx';

const membersText = (n: number) => (n === 1 ? '1 member' : `${String(n)} members`);

export function JoinGroup() {
  const code = useParams().code ?? '';
  const user = useUser((s) => s.user);
  const navigate = useNavigate();
  const invite = useInvite(code, Boolean(user));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return <LoginFirst what="join this group" />;
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const group = await joinGroup(code);
      void navigate(`/group/${String(group.id)}`, { replace: true });
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  };
  const group = invite.data;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 px-4 py-8 text-center">
      <h1 className="text-2xl font-bold">{group ? `Join “${group.name}”` : 'Join a group'}</h1>
      {invite.isPending && <p role="status">Looking up the invite…</p>}
      {invite.isError && (
        <p role="alert" className="text-wrong">
          {describeError(invite.error)} Ask for a new link: the owner may have changed it.
        </p>
      )}
      {group && (
        <>
          <p data-testid="invite-summary">
            {group.owner}&apos;s group · {membersText(group.members)} of {String(group.maxMembers)}. Members compare their daily results.
          </p>
          {group.member ? (
            <Link to={`/group/${String(group.id)}`} className="btn btn-primary justify-self-center">
              You are a member: open the group
            </Link>
          ) : (
            <button type="button" className="btn btn-primary justify-self-center" disabled={busy} onClick={() => void join()}>
              {busy ? 'Joining…' : 'Join the group'}
            </button>
          )}
        </>
      )}
      {error && <p role="alert" className="text-wrong">{error}</p>}
    </div>
  );
}
