// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import { useToasts } from '../../stores/toasts.ts';
import { useUi } from '../../stores/ui.ts';
import { readStoredUser, useUser } from '../../stores/user.ts';
import { LoginModal } from './LoginModal.tsx';
import { useAuthEmail } from './authEmail.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const toasts = () => useToasts.getState().toasts.map((t) => ({ title: t.title, description: t.description }));

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Opens the modal's sign-up step, fills it in for Ada and sends it. */
function signUpAsAda() {
  render(<LoginModal onClose={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
  type('Username', 'Ada');
  type('E-mail', 'ada@example.com');
  type(/^Password/, 'long-enough-1');
  type('Confirm password', 'long-enough-1');
  fireEvent.submit(screen.getByRole('form', { name: 'Sign up' }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  useUser.setState({ user: null, loaded: true });
  useToasts.setState({ toasts: [] });
  useAuthEmail.setState({ email: '' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginModal', () => {
  it('logs in with Enter, stores the session and says so', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { token: 't1', user: { username: 'Ada', email: 'ada@example.com' } }));
    const onClose = vi.fn();
    render(<LoginModal onClose={onClose} />);
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail')); // starts in the first field
    type('E-mail', ' ada@example.com ');
    type('Password', 'secret-pass-1');
    fireEvent.submit(screen.getByRole('form', { name: 'Log in' }));
    expect(screen.getByRole('button', { name: 'Logging in…' })).toHaveProperty('disabled', true);
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/login');
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass-1',
      userKey: localStorage.getItem('userKey'), // this browser's results move to the account
    });
    expect(localStorage.getItem('authToken')).toBe('t1');
    expect(readStoredUser()).toEqual({ username: 'Ada', email: 'ada@example.com' });
    expect(toasts()[0]?.title).toBe('Login successful');
  });

  it("a failed login shows the server's error once, in the form, without a toast", async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'Invalid e-mail or password.' }));
    render(<LoginModal onClose={vi.fn()} />);
    type('E-mail', 'ada@example.com');
    type('Password', 'wrong-pass-1');
    fireEvent.submit(screen.getByRole('form', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid e-mail or password.');
    expect(toasts()).toEqual([]);
    expect(useUser.getState().user).toBeNull();
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveProperty('disabled', false);
  });

  it('offline, the description is the error message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<LoginModal onClose={vi.fn()} />);
    type('E-mail', 'ada@example.com');
    type('Password', 'pw-123456');
    fireEvent.submit(screen.getByRole('form', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You appear to be offline.');
    expect(toasts()).toEqual([]);
  });

  it("sign-up refuses mismatched passwords without calling the server, then sends the code and verifies", async () => {
    const onClose = vi.fn();
    render(<LoginModal onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    type('Username', 'Ada');
    type('E-mail', 'ada@example.com');
    type(/^Password/, 'long-enough-1');
    type('Confirm password', 'long-enough-2');
    const adult = screen.getByRole('checkbox', { name: /I am 18 or older/ });
    expect(adult).toHaveProperty('required', true); // the browser refuses the form without it
    fireEvent.click(adult);
    fireEvent.submit(screen.getByRole('form', { name: 'Sign up' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(toasts()).toEqual([]); // said once, at its field

    fetchMock.mockResolvedValueOnce(json(200, { message: 'Check your email for a 6-digit code.', signupToken: 'st-1' }));
    type('Confirm password', 'long-enough-1');
    fireEvent.submit(screen.getByRole('form', { name: 'Sign up' }));
    await screen.findByRole('form', { name: 'Verify e-mail' });
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ username: 'Ada', email: 'ada@example.com', password: 'long-enough-1', adult: true });
    expect(toasts().at(-1)).toEqual({ title: 'Verification Code Sent', description: 'Check your email for a 6-digit code.' });
    expect(screen.getByLabelText('Verification code').getAttribute('autocomplete')).toBe('one-time-code');

    const typo = 'That code is not right. Check the 6-digit code in the e-mail and try again.';
    fetchMock.mockResolvedValueOnce(json(400, { error: typo, code: 'invalidCode' }));
    type('Verification code', '123 456');
    fireEvent.submit(screen.getByRole('form', { name: 'Verify e-mail' }));
    expect((await screen.findByRole('alert')).textContent).toBe(typo);
    // Shown once, under the form: no error toast, and the typed code stays to be corrected.
    expect(toasts()).toEqual([{ title: 'Verification Code Sent', description: 'Check your email for a 6-digit code.' }]);
    expect(screen.getByLabelText<HTMLInputElement>('Verification code').value).toBe('123456');
    expect(bodyOf(fetchMock.mock.calls[1]?.[1])).toEqual({ email: 'ada@example.com', code: '123456', signupToken: 'st-1', userKey: localStorage.getItem('userKey') });

    // "Send a new code" presents the sign-up's token, so the server lets it replace the code.
    fetchMock.mockResolvedValueOnce(json(200, { message: 'Check your email for a 6-digit code.', signupToken: 'st-1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => {
      expect(toasts().at(-1)?.title).toBe('Verification Code Sent');
    });
    expect(bodyOf(fetchMock.mock.calls[2]?.[1])).toEqual({
      username: 'Ada',
      email: 'ada@example.com',
      password: 'long-enough-1',
      adult: true,
      signupToken: 'st-1',
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(false);
    });
    type('Verification code', '654321');

    fetchMock.mockResolvedValueOnce(json(200, { token: 't2', user: { username: 'Ada', email: 'ada@example.com' } }));
    fireEvent.submit(screen.getByRole('form', { name: 'Verify e-mail' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    // One toast for the flow: the success replaced the code's.
    expect(toasts().map((t) => t.title)).toEqual(['Account Verified!']);
    expect(useUser.getState().user?.username).toBe('Ada');
    expect(bodyOf(fetchMock.mock.calls[3]?.[1])).toEqual({ email: 'ada@example.com', code: '654321', signupToken: 'st-1', userKey: localStorage.getItem('userKey') });
  });

  it("a refused sign-up (taken name, or 429) shows the server's text once, under the form", async () => {
    fetchMock.mockResolvedValueOnce(json(429, { error: 'Too many requests. Please try again later.' }));
    signUpAsAda();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
    expect(toasts()).toEqual([]);
  });

  it('a code that can no longer work is cleared, with the way on: a new code', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { message: 'sent', signupToken: 'st-1' }));
    signUpAsAda();
    await screen.findByRole('form', { name: 'Verify e-mail' });
    const dead = 'That code has expired. Please request a new one.';
    fetchMock.mockResolvedValueOnce(json(400, { error: dead, code: 'codeExpired' }));
    type('Verification code', '123456');
    fireEvent.submit(screen.getByRole('form', { name: 'Verify e-mail' }));
    expect((await screen.findByRole('alert')).textContent).toBe(dead);
    expect(screen.getByLabelText<HTMLInputElement>('Verification code').value).toBe('');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  });

  it('every password field has a Show/Hide toggle, pressed with the keyboard', () => {
    render(<LoginModal onClose={vi.fn()} />);
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(field.id);
    fireEvent.click(toggle); // Enter and Space on a <button> are a click
    expect(field.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Hide password');
    fireEvent.click(toggle);
    expect(field.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getAllByRole('button', { name: /^Show / }).map((b) => b.textContent)).toEqual(['Show password', 'Show confirm password']);
  });

  it("'Forgot password?' opens the forgot-password modal with the typed e-mail kept", () => {
    render(<LoginModal onClose={vi.fn()} />);
    type('E-mail', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(useUi.getState().modal).toBe('forgotPassword');
    expect(useAuthEmail.getState().email).toBe('ada@example.com');
  });
});

describe('ForgotPasswordModal', () => {
  it('fills in the signed-in e-mail and shows the server error once, under the form', async () => {
    const { ForgotPasswordModal } = await import('./ForgotPasswordModal.tsx');
    useUser.setState({ user: { username: 'Ada', email: 'ada@example.com' } });
    fetchMock.mockResolvedValueOnce(json(400, { error: 'Please enter a valid e-mail address.' }));
    render(
      <MemoryRouter>
        <ForgotPasswordModal onClose={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('ada@example.com');
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Reset password' }));
      await Promise.resolve();
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid e-mail address.');
    expect(toasts()).toEqual([]);
  });
});
