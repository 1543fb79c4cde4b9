/**
 * Forgot password: the server e-mails a reset link (and answers the same whether or not the
 * address has an account). Filled in with the signed-in user's e-mail (the header's Reset
 * Password), else with what was typed in the login modal.
 */
import '../../styles/full.css';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { describeError } from '../../lib/describeError.ts';
import { forgotPassword } from './api.ts';
import { toast } from '../../stores/toasts.ts';
import { useUi } from '../../stores/ui.ts';
import { useUser } from '../../stores/user.ts';
import { Modal } from '../../components/Modal.tsx';
import { useAuthEmail } from './authEmail.ts';
import { Field, FormError, LinkButton, SubmitButton } from '../../components/Field.tsx';
import { t as translate, useT } from '../../lib/i18n.ts';

export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const user = useUser((s) => s.user);
  const typed = useAuthEmail((s) => s.email);
  const openModal = useUi((s) => s.open);
  const [email, setEmail] = useState(user?.email ?? typed);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Start in the e-mail field (the dialog itself would focus its close button).
  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await forgotPassword(email.trim());
      toast({ title: translate('a.forgot.sent'), description: translate('a.forgot.sent.description', { hours: 1 }), status: 'success', duration: 5000, flow: 'password-reset' });
      onClose();
    } catch (err) {
      setError(describeError(err)); // shown once, under the form
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('section.resetPassword')} onClose={onClose}>
      <form ref={form} className="grid gap-4" onSubmit={(e) => void submit(e)} aria-label={t('a.forgot.form')}>
        <p className="text-sm text-muted">{t('a.forgot.intro')}</p>
        <Field label={t('a.field.email')} type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} readOnly={busy} />
        <FormError>{error}</FormError>
        <SubmitButton busy={busy} label={t('a.forgot.submit')} busyLabel={t('a.common.sending')} />
        {!user && (
          <p className="text-center text-sm">
            <LinkButton onClick={() => {
              openModal('login');
            }}>
              {t('a.forgot.back')}
            </LinkButton>
          </p>
        )}
      </form>
    </Modal>
  );
}
