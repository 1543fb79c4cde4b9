/**
 * Login modal (spec §4): log in, or sign up and confirm the e-mail with the 6-digit code the
 * server sends. Login and verification both store the token and set the user. A failure is shown
 * once, under the form (the server's words: a mistyped code says to check it and retry, a dead
 * one to ask for a new one); the toasts of this flow are its successes, each replacing the last.
 */
import '../../styles/full.css';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import { login, requestCode, verifyCode } from './api.ts';
import { applyAccountLocale, signupLocale } from './accountLocale.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { Trans } from '../../components/Trans.tsx';
import { toast } from '../../stores/toasts.ts';
import { useUi } from '../../stores/ui.ts';
import { useUser } from '../../stores/user.ts';
import { Modal } from '../../components/Modal.tsx';
import { useAuthEmail } from './authEmail.ts';
import { ConfirmPasswordField, Field, FormError, LinkButton, PasswordField, SubmitButton } from '../../components/Field.tsx';

type Step = 'login' | 'signup' | 'verify';

/**
 * A success toast's text, with the results this browser played that now belong to the account
 * (its streaks follow it) when there are any.
 */
const welcome = (plain: string, withClaimed: string, name: string, claimed: number) =>
  claimed > 0 ? translate(withClaimed, { name, count: claimed }) : translate(plain, { name });

const TITLES: Record<Step, string> = { login: 'a.login.title', signup: 'a.signup.title', verify: 'a.verify.title' };

/** The toasts of logging in and signing up: a newer one replaces the older. */
const FLOW = 'account';

export function LoginModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const setSession = useUser((s) => s.setSession);
  const openModal = useUi((s) => s.open);
  const { email, setEmail } = useAuthEmail();
  const [step, setStep] = useState<Step>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [adult, setAdult] = useState(false);
  const [code, setCode] = useState('');
  // The proof that this modal started the pending sign-up (request-code's answer): verify and
  // "Send a new code" present it. Kept in component state only.
  const [signupToken, setSignupToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  // Each step starts in its first field (the dialog itself would focus its close button).
  useEffect(() => {
    body.current?.querySelector('input')?.focus();
  }, [step]);

  const go = (next: Step) => {
    setError(null);
    setMismatch(false);
    setStep(next);
  };

  /** Runs one request: buttons disabled meanwhile, the error under the form on failure. */
  const run = async (action: () => Promise<void>, onError?: (e: unknown) => void) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(describeError(e));
      onError?.(e);
    } finally {
      setBusy(false);
    }
  };

  const submitLogin = (e: SyntheticEvent) => {
    e.preventDefault();
    void run(async () => {
      const session = await login(email.trim(), password);
      setSession(session.token, session.user);
      await applyAccountLocale(session.user);
      toast({ title: translate('a.login.success'), description: welcome('a.login.welcome', 'a.login.welcomeClaimed', session.user.username, session.claimed), status: 'success', flow: FLOW });
      onClose();
    });
  };

  const sendCode = () =>
    run(async () => {
      const sent = await requestCode(username.trim(), email.trim(), password, adult, signupToken, signupLocale());
      setSignupToken(sent.signupToken);
      toast({ title: translate('a.signup.codeSent'), description: translate('a.signup.codeSent.description'), status: 'success', flow: FLOW });
      setCode('');
      setStep('verify');
    });

  const submitSignup = (e: SyntheticEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      setMismatch(true); // said under the confirmation field
      return;
    }
    setMismatch(false);
    void sendCode();
  };

  const submitCode = (e: SyntheticEvent) => {
    e.preventDefault();
    void run(
      async () => {
        const session = await verifyCode(email.trim(), code.trim(), signupToken ?? '', signupLocale());
        setSession(session.token, session.user);
        await applyAccountLocale(session.user);
        toast({ title: translate('a.verify.success'), description: welcome('a.verify.loggedIn', 'a.verify.loggedInClaimed', session.user.username, session.claimed), status: 'success', flow: FLOW });
        onClose();
      },
      // A code that can no longer work is cleared: the next step is "Send a new code".
      (e) => {
        if (e instanceof ApiError && e.code === 'codeExpired') setCode('');
      },
    );
  };

  return (
    <Modal title={t(TITLES[step])} onClose={onClose}>
      <div ref={body}>
      {step === 'login' && (
        <form className="grid gap-4" onSubmit={submitLogin} aria-label={t('a.login.form')}>
          <Field label={t('a.field.email')} type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} />
          <PasswordField label={t('a.field.password')} name="password" autoComplete="current-password" required value={password} onChange={setPassword} />
          <FormError>{error}</FormError>
          <SubmitButton busy={busy} label={t('a.login.title')} busyLabel={t('a.login.busy')} />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <LinkButton onClick={() => {
              openModal('forgotPassword');
            }}>
              {t('a.login.forgot')}
            </LinkButton>
            <span className="text-muted">
              <Trans
                id="a.login.newHere"
                components={{
                  0: (
                    <LinkButton onClick={() => {
                      go('signup');
                    }} />
                  ),
                }}
              />
            </span>
          </div>
        </form>
      )}
      {step === 'signup' && (
        <form className="grid gap-4" onSubmit={submitSignup} aria-label={t('a.signup.form')}>
          <Field
            label={t('a.field.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            value={username}
            onChange={setUsername}
            hint={t('a.signup.usernameHint')}
          />
          <Field label={t('a.field.email')} type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} />
          <PasswordField
            label={t('a.field.password')}
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
            hint={t('a.field.passwordHint')}
          />
          <ConfirmPasswordField
            label={t('a.field.confirmPassword')}
            value={confirm}
            onChange={setConfirm}
            mismatch={mismatch}
            onMismatchCleared={() => {
              setMismatch(false);
            }}
          />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="adult"
              required
              checked={adult}
              onChange={(e) => {
                setAdult(e.target.checked);
              }}
              className="mt-0.5 size-4 accent-lava-yellow"
            />
            <span>
              <Trans id="a.signup.adult" components={{ 0: <a href="/privacy-policy" target="_blank" rel="noopener" className="font-semibold text-lava-yellow underline" /> }} />
            </span>
          </label>
          <FormError>{error}</FormError>
          <SubmitButton busy={busy} label={t('a.signup.submit')} busyLabel={t('a.common.sending')} />
          <p className="text-center text-sm text-muted">
            <Trans
              id="a.signup.haveAccount"
              components={{
                0: (
                  <LinkButton onClick={() => {
                    go('login');
                  }} />
                ),
              }}
            />
          </p>
        </form>
      )}
      {step === 'verify' && (
        <form className="grid gap-4" onSubmit={submitCode} aria-label={t('a.verify.form')}>
          <p className="text-sm">
            <Trans id="a.verify.sent" values={{ minutes: 10 }} components={{ 0: <strong className="break-all">{email.trim()}</strong> }} />
          </p>
          <Field
            label={t('a.verify.code')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onChange={(v) => {
              setCode(v.replace(/\s/g, ''));
            }}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          />
          <FormError>{error}</FormError>
          <SubmitButton busy={busy} label={t('a.verify.submit')} busyLabel={t('a.verify.busy')} />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <LinkButton onClick={() => {
              go('signup');
            }}>
              {t('a.common.back')}
            </LinkButton>
            <button type="button" className="font-semibold text-lava-yellow underline-offset-2 hover:underline disabled:opacity-50" disabled={busy} onClick={() => void sendCode()}>
              {t('a.verify.resend')}
            </button>
          </div>
        </form>
      )}
      </div>
    </Modal>
  );
}
