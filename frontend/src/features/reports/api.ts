/** "Report this game" (players) and the reported games (admins): see the server's reports module. */
import { get, post } from '../../lib/apiClient.ts';
import type {
  MessageResponse,
  ReportAction,
  ReportBody,
  ReportDecisionResult,
  ReportedGames,
  ReportReason,
} from '../../api/generated/index.ts';

/** The reasons a player picks from, in the order shown, with their labels. */
export const REASONS: { reason: ReportReason; label: string }[] = [
  { reason: 'offensive', label: 'Offensive or hateful' },
  { reason: 'spoiler', label: 'Spoils a daily game' },
  { reason: 'wrong-answers', label: 'Wrong or missing answers' },
  { reason: 'spam', label: 'Spam or a copy' },
  { reason: 'other', label: 'Something else' },
];

export const reasonLabel = (reason: ReportReason) => REASONS.find((r) => r.reason === reason)?.label ?? reason;

/** The server keeps at most this many characters of details (reports module, MAX_DETAILS_CHARS). */
export const MAX_DETAILS = 500;

export const reportGame = (uid: string, body: ReportBody) =>
  post<MessageResponse>(`/api/game/uid/${encodeURIComponent(uid)}/report`, body);

export const fetchReportedGames = (signal?: AbortSignal) => get<ReportedGames>('/api/admin/reports', signal);

export const decideReports = (uid: string, action: ReportAction) =>
  post<ReportDecisionResult>(`/api/admin/reports/${encodeURIComponent(uid)}`, { action });
