/**
 * `/account`: the logged-in player's own account (docs/features/accounts.md, Account settings): change
 * the password (this device stays logged in, every other one is logged out), download their
 * data as JSON, delete the account (confirmed with the password in a dialog; afterwards this
 * device forgets the session, goes home and says so).
 */
import '../../styles/full.css';
import { useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmPasswordField, FormError, PasswordField, SubmitButton } from '../../components/Field.tsx';
import { Modal } from '../../components/Modal.tsx';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import { toast } from '../../stores/toasts.ts';
import { useUser } from '../../stores/user.ts';
import { LoginFirst } from '../../components/LoginFirst.tsx';
import { changePassword, deleteAccount, exportData } from './api.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { Trans } from '../../components/Trans.tsx';

/** The server's message when it names this field, else null. */
const fieldError = (error: unknown, field: string) => (error instanceof ApiError && error.field === field ? error.message : null);

function ChangePassword() {
  const t = useT();
  const setSession = useUser((s) => s.setSession);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [mismatch, setMismatch] = useState(false);
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (next !== confirm) {
      setMismatch(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const session = await changePassword(current, next);
      setSession(session.token, session.user);
      setCurrent('');
      setNext('');
      setConfirm('');
      toast({ title: translate('a.account.passwordChanged'), description: translate('a.account.passwordChanged.description'), status: 'success', flow: 'change-password' });
    } catch (err) {
      setError(err); // shown once, at its field or under the form
    } finally {
      setBusy(false);
    }
  };
  const currentError = fieldError(error, 'currentPassword');
  const newError = fieldError(error, 'newPassword');
  const other = error && !currentError && !newError ? describeError(error) : null;
  return (
    <form className="grid gap-3 rounded-xl border border-line bg-surface p-4" onSubmit={(e) => void submit(e)} aria-labelledby="change-password">
      <h2 id="change-password" className="text-lg font-semibold">
        {t('a.account.changePassword')}
      </h2>
      <PasswordField label={t('a.account.currentPassword')} name="current-password" autoComplete="current-password" required value={current} onChange={setCurrent} error={currentError} />
      <PasswordField
        label={t('a.reset.newPassword')}
        name="new-password"
        autoComplete="new-password"
        required
        value={next}
        onChange={setNext}
        error={newError}
        hint={t('a.account.newPasswordHint')}
      />
      <ConfirmPasswordField
        label={t('a.reset.confirm')}
        value={confirm}
        onChange={setConfirm}
        mismatch={mismatch}
        onMismatchCleared={() => {
          setMismatch(false);
        }}
      />
      <FormError>{other}</FormError>
      <SubmitButton busy={busy} label={t('a.account.changePassword')} busyLabel={t('a.common.saving')} />
    </form>
  );
}

/** Saves the export as `lavalist-data.json` through a temporary object URL. */
function save(data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'lavalist-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function DownloadData() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      save(await exportData());
      toast({ title: translate('a.account.downloading'), description: 'lavalist-data.json', status: 'success', flow: 'download-data' });
    } catch (err) {
      toast({ title: translate('a.account.downloadFailed'), description: describeError(err), status: 'error', flow: 'download-data' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="grid gap-3 rounded-xl border border-line bg-surface p-4" aria-labelledby="download-data">
      <h2 id="download-data" className="text-lg font-semibold">
        {t('a.account.download')}
      </h2>
      <p className="text-sm text-muted">{t('a.account.download.intro')}</p>
      <button type="button" className="btn btn-secondary justify-self-start" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {busy ? t('a.account.preparing') : t('a.account.download')}
      </button>
    </section>
  );
}

function DeleteAccount() {
  const t = useT();
  const logout = useUser((s) => s.logout);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    setPassword('');
    setError(null);
    // The dialog is gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => trigger.current?.focus());
  };
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(password);
      setAsking(false);
      logout();
      void navigate('/');
      toast({ title: translate('a.account.deleted'), description: translate('a.account.deleted.description'), status: 'success', duration: 6000 });
    } catch (err) {
      setError(fieldError(err, 'password') ?? describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="grid gap-3 rounded-xl border border-wrong/60 bg-surface p-4" aria-labelledby="delete-account">
      <h2 id="delete-account" className="text-lg font-semibold">
        {t('a.account.delete')}
      </h2>
      <p className="text-sm text-muted">{t('a.account.delete.intro')}</p>
      <button
        ref={trigger}
        type="button"
        className="btn btn-danger justify-self-start"
        onClick={() => {
          setAsking(true);
        }}
      >
        {t('a.account.delete.open')}
      </button>
      {asking && (
        <Modal title={t('a.account.delete.title')} onClose={close}>
          <form className="grid gap-4" onSubmit={(e) => void submit(e)} aria-label={t('a.account.delete.form')}>
            <p className="text-sm">{t('a.account.delete.prompt')}</p>
            <PasswordField label={t('a.field.password')} name="password" autoComplete="current-password" required autoFocus value={password} onChange={setPassword} error={error} />
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
                {t('a.confirm.cancel')}
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy} aria-busy={busy}>
                {busy ? t('a.account.deleting') : t('a.account.delete')}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}

export function Account() {
  const t = useT();
  const user = useUser((s) => s.user);
  if (!user) return <LoginFirst messageId="c.login.toManageAccount" />;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('a.account.title')}</h1>
      <p className="text-sm text-muted">
        <Trans id="a.account.loggedInAs" values={{ email: user.email }} components={{ 0: <strong className="text-fg">{user.username}</strong> }} />
      </p>
      <ChangePassword />
      <DownloadData />
      <DeleteAccount />
    </div>
  );
}
