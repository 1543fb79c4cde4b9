// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { useToasts } from '../../stores/toasts.ts';
import { useUi } from '../../stores/ui.ts';
import { readStoredUser, useUser } from '../../stores/user.ts';
import { bodyOf, urlOf } from '../../test/fetch.ts';
import { Account } from './Account.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const toasts = () => useToasts.getState().toasts.map((t) => t.title);
const ada = { username: 'Ada', email: 'ada@example.com' };

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/account" element={<Account />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  useUser.getState().setSession('t-old', ada);
  useToasts.setState({ toasts: [] });
  useUi.setState({ modal: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Account', () => {
  it('asks a guest to log in', () => {
    useUser.setState({ user: null });
    renderAt('/account');
    fireEvent.click(screen.getByRole('button', { name: 'Login / Sign Up' }));
    expect(useUi.getState().modal).toBe('login');
  });

  it('changes the password, keeps this device logged in with the new token, and shows field errors', async () => {
    renderAt('/account');
    type('Current password', 'wrong one');
    type('New password', 'a brand new secret');
    type('Confirm new password', 'a different one');
    fireEvent.submit(screen.getByRole('form', { name: 'Change password' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(json(400, { error: 'That is not your current password.', code: 'wrongPassword', field: 'currentPassword' }));
    type('Confirm new password', 'a brand new secret');
    fireEvent.submit(screen.getByRole('form', { name: 'Change password' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    });
    expect(screen.getByText('That is not your current password.')).toBeTruthy();
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/user/password');
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ currentPassword: 'wrong one', newPassword: 'a brand new secret' });

    fetchMock.mockResolvedValueOnce(json(200, { token: 't-new', user: ada }));
    type('Current password', 'the right one');
    fireEvent.submit(screen.getByRole('form', { name: 'Change password' }));
    await waitFor(() => {
      expect(localStorage.getItem('authToken')).toBe('t-new');
    });
    expect(readStoredUser()).toEqual(ada);
    expect(toasts().at(-1)).toBe('Password changed');
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it('downloads the data as a JSON file', async () => {
    const created = vi.fn(() => 'blob:lavalist');
    const revoked = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(json(200, { exportedAt: 'x', account: ada, results: [], games: [], groups: [], disputes: [], reports: [] }));
    renderAt('/account');
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => {
      expect(revoked).toHaveBeenCalledWith('blob:lavalist');
    });
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/user/export');
    expect(clicked).toHaveBeenCalled();
    expect(toasts().at(-1)).toBe('Your data is downloading');
    clicked.mockRestore();
  });

  it('deletes the account after the password is confirmed, then logs out, goes home and says so', async () => {
    renderAt('/account');
    const trigger = screen.getByRole('button', { name: 'Delete my account…' });
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-labelledby')).toBe('modal-title');
    // Cancel closes the dialog, and focus goes back to the button that opened it.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(document.activeElement).toBe(trigger);
    });

    fireEvent.click(trigger);
    fetchMock.mockResolvedValueOnce(json(400, { error: 'That is not your current password.', code: 'wrongPassword', field: 'password' }));
    type('Password', 'nope');
    fireEvent.submit(screen.getByRole('form', { name: 'Confirm account deletion' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That is not your current password.');
    expect(useUser.getState().user).toEqual(ada);

    fetchMock.mockResolvedValueOnce(json(200, { message: 'Your account was deleted.' }));
    type('Password', 'the right one');
    fireEvent.submit(screen.getByRole('form', { name: 'Confirm account deletion' }));
    await screen.findByText('Home page');
    expect(urlOf(fetchMock.mock.calls[1]?.[0])).toBe('/api/user/delete');
    expect(bodyOf(fetchMock.mock.calls[1]?.[1])).toEqual({ password: 'the right one' });
    expect(useUser.getState().user).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(toasts().at(-1)).toBe('Account deleted');
  });
});
