/** `/groups`: the player's groups and a form to create one (logged-in players only). */
import '../../styles/full.css';
import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Field } from '../../components/Field.tsx';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import { useT } from '../../lib/i18n.ts';
import { LoginFirst } from '../../components/LoginFirst.tsx';
import { useUser } from '../../stores/user.ts';
import { createGroup, MAX_GROUP_NAME, useMyGroups } from './api.ts';

function CreateForm() {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const group = await createGroup(name);
      void navigate(`/group/${String(group.id)}`);
    } catch (err) {
      setError(err instanceof ApiError && err.field === 'name' ? err.message : describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="grid gap-3 rounded-xl border border-line bg-surface p-4" onSubmit={(e) => void submit(e)}>
      <h2 className="text-lg font-semibold">{t('b.groups.createTitle')}</h2>
      <Field label={t('b.groups.name')} value={name} onChange={setName} error={error} maxLength={MAX_GROUP_NAME * 2}
        hint={t('b.groups.nameHint', { n: MAX_GROUP_NAME })} />
      <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
        {busy ? t('b.groups.creating') : t('b.groups.create')}
      </button>
    </form>
  );
}

export function Groups() {
  const t = useT();
  const user = useUser((s) => s.user);
  const groups = useMyGroups(user !== null);
  if (!user) return <LoginFirst messageId="b.groups.loginToCompare" />;
  const list = groups.data?.groups ?? [];
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t('b.groups.yours')}</h1>
      {groups.isPending && <p className="text-muted">{t('b.loading')}</p>}
      {groups.isError && <p role="alert">{t('b.groups.loadFailed', { error: groups.error.message })}</p>}
      {groups.data && list.length === 0 && (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-muted">
          {t('b.groups.none')}
        </p>
      )}
      {list.length > 0 && (
        <ul className="grid gap-2" data-testid="my-groups">
          {list.map((g) => (
            <li key={g.id}>
              <Link to={`/group/${String(g.id)}`} className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 hover:border-lava-yellow focus-visible:border-lava-yellow">
                <span className="font-semibold">{g.name}</span>
                <span className="text-sm text-muted">
                  {t(g.owned ? 'b.groups.membersOwner' : 'b.groups.members', { count: g.members })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {groups.data && list.length < groups.data.maxGroups && <CreateForm />}
    </div>
  );
}
