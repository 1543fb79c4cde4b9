/** Account calls (server README, Accounts): sign-up with an e-mailed code, login, password reset. */
import { get, post } from './client.ts';

/** The signed-in player as the server describes them; `role` is `admin` for admins. */
export interface User {
  username: string;
  email: string;
  role?: string;
}

/** Login and verification both answer a bearer token and the user. */
export interface Session {
  token: string;
  user: User;
}

export interface Message {
  message: string;
}

export const fetchUser = (signal?: AbortSignal) => get<{ user: User }>('/api/user', signal);

export const login = (email: string, password: string) => post<Session>('/api/auth/login', { email, password });

export const requestCode = (username: string, email: string, password: string) =>
  post<Message>('/api/auth/request-code', { username, email, password });

export const verifyCode = (email: string, code: string) => post<Session>('/api/auth/verify-code', { email, code });

export const forgotPassword = (email: string) => post<Message>('/api/auth/forgot-password', { email });

export const resetPassword = (token: string, newPassword: string) =>
  post<Message>('/api/auth/reset-password', { token, newPassword });

/**
 * A failed call's toast description (spec §8): the server's `error` field (which `ApiError`
 * carries as its message), else the error's own message.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
