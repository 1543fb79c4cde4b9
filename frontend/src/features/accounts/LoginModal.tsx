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
import { toast } from '../../stores/toasts.ts';
import { useUi } from '../../stores/ui.ts';
import { useUser } from '../../stores/user.ts';
import { Modal } from '../../components/Modal.tsx';
import { useAuthEmail } from './authEmail.ts';
import { ConfirmPasswordField, Field, FormError, LinkButton, PasswordField, SubmitButton } from '../../components/Field.tsx';

type Step = 'login' | 'signup' | 'verify';

/** The results this browser played that now belong to the account (its streaks follow it). */
const claimedNote = (claimed: number) =>
  claimed > 0 ? ` ${claimed} ${claimed === 1 ? 'result' : 'results'} from this browser moved to your account.` : '';

const TITLES: Record<Step, string> = { login: 'Log In', signup: 'Sign Up', verify: 'Verify Your E-mail' };

/** The toasts of logging in and signing up: a newer one replaces the older. */
const FLOW = 'account';

export function LoginModal({ onClose }: { onClose: () => void }) {
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
      toast({ title: 'Login successful', description: `Welcome back, ${session.user.username}!${claimedNote(session.claimed)}`, status: 'success', flow: FLOW });
      onClose();
    });
  };

  const sendCode = () =>
    run(async () => {
      const sent = await requestCode(username.trim(), email.trim(), password, adult, signupToken);
      setSignupToken(sent.signupToken);
      toast({ title: 'Verification Code Sent', description: 'Check your email for a 6-digit code.', status: 'success', flow: FLOW });
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
        const session = await verifyCode(email.trim(), code.trim(), signupToken ?? '');
        setSession(session.token, session.user);
        toast({ title: 'Account Verified!', description: `You are logged in as ${session.user.username}.${claimedNote(session.claimed)}`, status: 'success', flow: FLOW });
        onClose();
      },
      // A code that can no longer work is cleared: the next step is "Send a new code".
      (e) => {
        if (e instanceof ApiError && e.code === 'codeExpired') setCode('');
      },
    );
  };

  return (
    <Modal title={TITLES[step]} onClose={onClose}>
      <div ref={body}>
      {step === 'login' && (
        <form className="grid gap-4" onSubmit={submitLogin} aria-label="Log in">
          <Field label="E-mail" type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} />
          <PasswordField label="Password" name="password" autoComplete="current-password" required value={password} onChange={setPassword} />
          <FormError>{error}</FormError>
          <SubmitButton busy={busy} label="Log In" busyLabel="Logging in…" />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <LinkButton onClick={() => {
              openModal('forgotPassword');
            }}>
              Forgot password?
            </LinkButton>
            <span className="text-muted">
              New here?{' '}
              <LinkButton onClick={() => {
                go('signup');
              }}>
                Sign up
              </LinkButton>
            </span>
          </div>
        </form>
      )}
      {step === 'signup' && (
        <form className="grid gap-4" onSubmit={submitSignup} aria-label="Sign up">
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            value={username}
            onChange={setUsername}
            hint="3–24 letters, digits, _ or -. Shown on the games you create."
           
          />
          <Field label="E-mail" type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} />
          <PasswordField
            label="Password"
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
            hint="At least 8 characters, not a common password."
          />
          <ConfirmPasswordField
            label="Confirm password"
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
              I am 18 or older and accept the{' '}
              <a href="/privacy-policy" target="_blank" rel="noopener" className="font-semibold text-lava-yellow underline">
                privacy policy
              </a>
              .
            </span>
          </label>
          <FormError>{error}</FormError>
          <SubmitButton busy={busy} label="Send Verification Code" busyLabel="Sending…" />
          <p className="text-center text-sm text-muted">
            Already have an account?{' '}
            <LinkButton onClick={() => {
              go('login');
            }}>
              Log in
            </LinkButton>
          </p>
        </form>
      )}
      {step === 'verify' && (
        <form className="grid gap-4" onSubmit={submitCode} aria-label="Verify e-mail">
          <p className="text-sm">
            We sent a 6-digit code to <strong className="break-all">{email.trim()}</strong>. It is valid for 10 minutes.
          </p>
          <Field
            label="Verification code"
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
          <SubmitButton busy={busy} label="Verify" busyLabel="Verifying…" />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <LinkButton onClick={() => {
              go('signup');
            }}>
              Back
            </LinkButton>
            <button type="button" className="font-semibold text-lava-yellow underline-offset-2 hover:underline disabled:opacity-50" disabled={busy} onClick={() => void sendCode()}>
              Send a new code
            </button>
          </div>
        </form>
      )}
      </div>
    </Modal>
  );
}
