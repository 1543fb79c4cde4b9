// @vitest-environment happy-dom
/** Logging in and signing up carry the account's language (docs/i18n.md, "The account's language"). */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import { activateLocale, activeLocale, loadMoreMessages } from '../../lib/i18n.ts';
import { rememberLocale } from '../../lib/locale.ts';
import { useToasts } from '../../stores/toasts.ts';
import { useUser } from '../../stores/user.ts';
import { LoginModal } from './LoginModal.tsx';
import { useAuthEmail } from './authEmail.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url: urlOf(url), method: init?.method ?? 'GET', body: bodyOf(init) }));

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Logs in as Ada, whose account answers `locale` (absent: none chosen). */
async function logInAs(locale?: string) {
  fetchMock.mockResolvedValueOnce(json(200, { token: 't1', user: { username: 'Ada', email: 'ada@example.com', ...(locale ? { locale } : {}) }, claimed: 0 }));
  fetchMock.mockResolvedValue(json(200, { token: 't2', user: { username: 'Ada', email: 'ada@example.com', locale: 'fr' } }));
  const onClose = vi.fn();
  render(<LoginModal onClose={onClose} />);
  // By name: the labels are in whichever language the test shows.
  fireEvent.change(document.querySelector('input[name="email"]') as Element, { target: { value: 'ada@example.com' } });
  fireEvent.change(document.querySelector('input[name="password"]') as Element, { target: { value: 'secret-pass-1' } });
  fireEvent.submit(screen.getByRole('form'));
  await waitFor(() => {
    expect(onClose).toHaveBeenCalled();
  });
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  useUser.setState({ user: null, loaded: true });
  useToasts.setState({ toasts: [] });
  useAuthEmail.setState({ email: '' });
  await activateLocale('en');
  await loadMoreMessages(); // the app has the rest of the messages once a modal can open
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await activateLocale('en');
});

describe('login and the account language', () => {
  it("switches the interface to the account's language and remembers it here", async () => {
    await logInAs('de');
    expect(activeLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('locale')).toBe('de');
    // The success toast is already in the account's language.
    expect(useToasts.getState().toasts.at(-1)?.title).toBe('Anmeldung erfolgreich');
    expect(calls().map((c) => c.url)).toEqual(['/api/auth/login']); // nothing to save
  });

  it("the account's language wins over the one chosen on this device", async () => {
    rememberLocale('es');
    await activateLocale('es');
    await logInAs('ja');
    expect(activeLocale()).toBe('ja');
    expect(localStorage.getItem('locale')).toBe('ja');
    expect(calls().some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('saves the language chosen on this device on an account that has none', async () => {
    rememberLocale('fr');
    await activateLocale('fr');
    await logInAs();
    await waitFor(() => {
      expect(calls()).toContainEqual({ url: '/api/me/locale', method: 'PATCH', body: { locale: 'fr' } });
    });
    expect(activeLocale()).toBe('fr');
  });

  it('leaves an account without a language alone when none was chosen here', async () => {
    await logInAs();
    expect(activeLocale()).toBe('en');
    expect(calls().map((c) => c.url)).toEqual(['/api/auth/login']);
  });

  it('signs up in the language shown, and sends it again with the code', async () => {
    rememberLocale('pt-BR');
    await activateLocale('pt-BR');
    await loadMoreMessages();
    fetchMock.mockResolvedValueOnce(json(200, { message: 'ok', signupToken: 'st-1' }));
    render(<LoginModal onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cadastre-se' }));
    type('Nome de usuário', 'Ada');
    type('E-mail', 'ada@example.com');
    type(/^Senha/, 'long-enough-1');
    type('Confirmar senha', 'long-enough-1');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.submit(screen.getByRole('form', { name: 'Cadastro' }));
    await screen.findByRole('form', { name: 'Confirmar e-mail' });
    expect(calls()[0]).toEqual({
      url: '/api/auth/request-code',
      method: 'POST',
      body: { username: 'Ada', email: 'ada@example.com', password: 'long-enough-1', adult: true, locale: 'pt-BR' },
    });
    fetchMock.mockResolvedValueOnce(json(200, { token: 't1', user: { username: 'Ada', email: 'ada@example.com', locale: 'pt-BR' }, claimed: 0 }));
    type('Código de verificação', '123456');
    fireEvent.submit(screen.getByRole('form', { name: 'Confirmar e-mail' }));
    await waitFor(() => {
      expect(calls()[1]?.body).toMatchObject({ code: '123456', signupToken: 'st-1', locale: 'pt-BR' });
    });
  });
});
