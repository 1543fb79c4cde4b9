/** "Report this game" (players) and the reported games (admins): see the server's reports module. */
import { get, post } from '../../lib/apiClient.ts';
import { t } from '../../lib/i18n.ts';
import type {
  MessageResponse,
  ReportAction,
  ReportBody,
  ReportDecisionResult,
  ReportedGames,
  ReportReason,
} from '../../api/generated/index.ts';

/** The reasons a player picks from, in the order shown, with their labels' message ids. */
export const REASONS: { reason: ReportReason; label: string }[] = [
  { reason: 'offensive', label: 'b.report.reason.offensive' },
  { reason: 'spoiler', label: 'b.report.reason.spoiler' },
  { reason: 'wrong-answers', label: 'b.report.reason.wrongAnswers' },
  { reason: 'spam', label: 'b.report.reason.spam' },
  { reason: 'other', label: 'b.report.reason.other' },
];

/** A reason's label in the active locale. */
export const reasonLabel = (reason: ReportReason) => {
  const id = REASONS.find((r) => r.reason === reason)?.label;
  return id ? t(id) : reason;
};

/** The server keeps at most this many characters of details (reports module, MAX_DETAILS_CHARS). */
export const MAX_DETAILS = 500;

export const reportGame = (uid: string, body: ReportBody) =>
  post<MessageResponse>(`/api/game/uid/${encodeURIComponent(uid)}/report`, body);

export const fetchReportedGames = (signal?: AbortSignal) => get<ReportedGames>('/api/admin/reports', signal);

export const decideReports = (uid: string, action: ReportAction) =>
  post<ReportDecisionResult>(`/api/admin/reports/${encodeURIComponent(uid)}`, { action });
