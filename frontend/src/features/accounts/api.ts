/** Account calls (docs/features/accounts.md): sign-up with an e-mailed code, login, password reset, the profile's games. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, get, post, query, request } from '../../lib/apiClient.ts';
import { userKey } from '../../lib/storage.ts';
import type {
  AccountExport,
  AuthResponse,
  ChangePasswordBody,
  DeleteAccountBody,
  PrivacyInfo,
  UserResponse,
  DeletedGame,
  GameList,
  Locale,
  MessageResponse,
  RequestCodeBody,
  RequestCodeResponse,
  VerifyCodeBody,
} from '../../api/generated/index.ts';

/** Changes the password: the answer's token is this device's in the new session (the others end). */
export const changePassword = (currentPassword: string, newPassword: string) => {
  const body: ChangePasswordBody = { currentPassword, newPassword };
  return post<UserResponse>('/api/user/password', body);
};

/** Deletes the logged-in account, confirmed with its password. */
export const deleteAccount = (password: string) => {
  const body: DeleteAccountBody = { password };
  return post<MessageResponse>('/api/user/delete', body);
};

/** Everything the server keeps about the logged-in player ("Download my data"). */
export const exportData = () => get<AccountExport>('/api/user/export');

/** The privacy policy's operator contact and date. */
export const fetchPrivacy = (signal?: AbortSignal) => get<PrivacyInfo>('/api/privacy', signal);

/** Logs in; this browser's userKey goes along, so the account claims the results played here. */
export const login = (email: string, password: string) =>
  post<AuthResponse>('/api/auth/login', { email, password, userKey: userKey() });

/**
 * Starts a sign-up (`locale`: the interface's language, for the code e-mail and the account), or (with the `signupToken` the first answer gave) sends a new code for it:
 * only the client holding that token may replace a pending sign-up before it expires.
 */
export const requestCode = (username: string, email: string, password: string, adult: boolean, signupToken?: string | null, locale?: Locale) => {
  const body: RequestCodeBody = { username, email, password, adult };
  if (signupToken) body.signupToken = signupToken;
  if (locale) body.locale = locale;
  return post<RequestCodeResponse>('/api/auth/request-code', body);
};

/**
 * Redeems the e-mailed code; `signupToken` is the one request-code answered. The new account
 * claims the results this browser's userKey played.
 */
export const verifyCode = (email: string, code: string, signupToken: string, locale?: Locale) => {
  const body: VerifyCodeBody = { email, code, signupToken, userKey: userKey() };
  if (locale) body.locale = locale;
  return post<AuthResponse>('/api/auth/verify-code', body);
};

export const forgotPassword = (email: string) => post<MessageResponse>('/api/auth/forgot-password', { email });

export const resetPassword = (token: string, newPassword: string) =>
  post<MessageResponse>('/api/auth/reset-password', { token, newPassword });

/** A player's community games, newest first (the profile page). */
export const fetchUserGames = (username: string, limit: number, signal?: AbortSignal) =>
  get<GameList>(`/api/community-games-paginated${query({ page: 1, limit, username })}`, signal);

export const deleteGame = (uid: string) =>
  request<DeletedGame>('DELETE', `/api/game/uid/${encodeURIComponent(uid)}`);

/**
 * A player's games as `viewer` sees them (owners and admins also get private games, so the
 * viewer is part of the key), and a function that refetches every such list (after a delete).
 */
export function useUserGames(username: string, viewer: string | null, limit: number) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['user-games', username.toLowerCase(), viewer?.toLowerCase() ?? null],
    queryFn: ({ signal }) => fetchUserGames(username, limit, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['user-games'] });
  return { list, refresh };
}

/**
 * Remembers the interface language on the logged-in account (`PATCH /api/me/locale`), so that
 * another device and the server's e-mails use it. A server without the route yet answers 404:
 * ignored, the choice stays on this device.
 */
export async function saveAccountLocale(locale: string): Promise<void> {
  try {
    await request<unknown>('PATCH', '/api/me/locale', { locale });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}
