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

export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
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
      toast({ title: 'Email sent successfully', description: 'If an account uses this address, a reset link is on its way. It is valid for 1 hour.', status: 'success', duration: 5000, flow: 'password-reset' });
      onClose();
    } catch (err) {
      setError(describeError(err)); // shown once, under the form
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Reset Password" onClose={onClose}>
      <form ref={form} className="grid gap-4" onSubmit={(e) => void submit(e)} aria-label="Reset password">
        <p className="text-sm text-muted">Enter your account's e-mail and we will send you a link to choose a new password.</p>
        <Field label="E-mail" type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} readOnly={busy} />
        <FormError>{error}</FormError>
        <SubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending…" />
        {!user && (
          <p className="text-center text-sm">
            <LinkButton onClick={() => {
              openModal('login');
            }}>
              Back to log in
            </LinkButton>
          </p>
        )}
      </form>
    </Modal>
  );
}
