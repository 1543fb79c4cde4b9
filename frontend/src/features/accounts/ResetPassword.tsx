/**
 * `reset-password?token=…`: the page the reset e-mail links to. A new password and its
 * confirmation; success says so and goes home (the player then logs in: a reset also ends
 * every earlier session on the server, so a stored session here is cleared too).
 */
import '../../styles/full.css';
import { useState, type SyntheticEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import { resetPassword } from './api.ts';
import { ConfirmPasswordField, FormError, PasswordField, SubmitButton } from '../../components/Field.tsx';
import { toast } from '../../stores/toasts.ts';
import { useUi } from '../../stores/ui.ts';
import { useUser } from '../../stores/user.ts';
import { t as translate, useT } from '../../lib/i18n.ts';

export function ResetPassword() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const logout = useUser((s) => s.logout);
  const openModal = useUi((s) => s.open);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The link itself no longer works (cut short, used or expired): the way on is a new one.
  const [linkDead, setLinkDead] = useState(false);

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    // Without a token the page shows why instead of the form; a mismatch is said under its field.
    if (!token) return;
    if (password !== confirm) {
      setMismatch(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      logout();
      toast({ title: translate('a.reset.done'), description: translate('a.reset.done.description'), status: 'success', duration: 5000, flow: 'password-reset' });
      void navigate('/', { replace: true });
    } catch (err) {
      setError(describeError(err)); // shown once, under the form
      setLinkDead(err instanceof ApiError && (err.code === 'invalidToken' || err.code === 'tokenExpired'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-xl">
        <h1 className="mb-1 text-2xl font-bold">{t('section.resetPassword')}</h1>
        {!token ? (
          <div role="alert" className="mt-4 grid gap-2">
            <p className="text-lg font-semibold text-wrong">{t('error.invalidToken')}</p>
            <p className="text-muted">{t('a.reset.noToken')}</p>
            <button type="button" className="btn btn-primary mt-2" onClick={() => {
              openModal('forgotPassword');
            }}>
              {t('a.reset.newLink')}
            </button>
          </div>
        ) : (
          <form className="mt-4 grid gap-4" onSubmit={(e) => void submit(e)} aria-label={t('a.reset.form')}>
            <p className="text-sm text-muted">{t('a.reset.intro')}</p>
            <PasswordField
              label={t('a.reset.newPassword')}
              name="new-password"
              autoComplete="new-password"
              required
              value={password}
              onChange={setPassword}
              hint={t('a.field.passwordHint')}
              autoFocus
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
            <FormError>{error}</FormError>
            {linkDead && (
              <button type="button" className="btn btn-secondary" onClick={() => {
                openModal('forgotPassword');
              }}>
                {t('a.reset.newLink')}
              </button>
            )}
            <SubmitButton busy={busy} label={t('section.resetPassword')} busyLabel={t('a.common.saving')} />
          </form>
        )}
      </div>
    </div>
  );
}
