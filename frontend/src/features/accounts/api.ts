/** Account calls (server README, Accounts): sign-up with an e-mailed code, login, password reset, the profile's games. */
import { get, post, query, request } from '../../lib/apiClient.ts';
import type { AuthResponse, DeletedGame, GameList, MessageResponse } from '../../api/generated/index.ts';

export const login = (email: string, password: string) => post<AuthResponse>('/api/auth/login', { email, password });

export const requestCode = (username: string, email: string, password: string) =>
  post<MessageResponse>('/api/auth/request-code', { username, email, password });

export const verifyCode = (email: string, code: string) => post<AuthResponse>('/api/auth/verify-code', { email, code });

export const forgotPassword = (email: string) => post<MessageResponse>('/api/auth/forgot-password', { email });

export const resetPassword = (token: string, newPassword: string) =>
  post<MessageResponse>('/api/auth/reset-password', { token, newPassword });

/** A player's community games, newest first (the profile page). */
export const fetchUserGames = (username: string, limit: number, signal?: AbortSignal) =>
  get<GameList>(`/api/community-games-paginated${query({ page: 1, limit, username })}`, signal);

export const deleteGame = (uid: string) =>
  request<DeletedGame>('DELETE', `/api/game/uid/${encodeURIComponent(uid)}`);
