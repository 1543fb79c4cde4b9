/** `/join/{code}`: a friend's invite link. A logged-in player joins with one click. */
import { useState } from 'react';
import { useNavigate, useParams } from '../../lib/router.tsx';
import { describeError } from '../../lib/describeError.ts';
import { useUser } from '../../stores/user.ts';
import { joinGroup } from './api.ts';
import { LoginFirst } from './Groups.tsx';

export function JoinGroup() {
  const code = useParams().code ?? '';
  const user = useUser((s) => s.user);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return <LoginFirst what="join this group" />;
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const group = await joinGroup(code);
      navigate(`/group/${String(group.id)}`, { replace: true });
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  };
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 px-4 py-8 text-center">
      <h1 className="text-2xl font-bold">Join a group</h1>
      <p>You were invited to compare your daily results in a group.</p>
      <button type="button" className="btn btn-primary justify-self-center" disabled={busy} onClick={() => void join()}>
        {busy ? 'Joining…' : 'Join the group'}
      </button>
      {error && <p role="alert" className="text-wrong">{error}</p>}
    </div>
  );
}
