/**
 * The server's errors in the player's language. The front end branches on the JSON `code`
 * (`ApiError.code`, server/src/platform/error.rs): in English the server's own `error` text is shown as
 * it is (it is the most precise), in another locale the translated message for its code; a code
 * this table does not know yet keeps the server's English text.
 */
import type { ErrorCode } from '../api/generated/index.ts';
import { ApiError } from './apiClient.ts';
import { activeLocale, i18n, t } from './i18n.ts';
import { DEFAULT_LOCALE } from './locale.ts';

const CODES: Partial<Record<ErrorCode | 'offline', string>> = {
  offline: 'error.offline',
  badRequest: 'error.badRequest',
  invalidJson: 'error.badRequest',
  invalidQuery: 'error.badRequest',
  invalidPath: 'error.badRequest',
  invalidDate: 'error.invalidDate',
  required: 'error.required',
  tooLong: 'error.tooLong',
  itemCount: 'error.itemCount',
  unguessable: 'error.unguessable',
  duplicate: 'error.duplicate',
  tooManySpellings: 'error.tooManySpellings',
  profanity: 'error.profanity',
  categories: 'error.categories',
  invalidUsername: 'error.invalidUsername',
  invalidEmail: 'error.invalidEmail',
  invalidPassword: 'error.invalidPassword',
  invalidCode: 'error.invalidCode',
  codeExpired: 'error.codeExpired',
  invalidToken: 'error.invalidToken',
  tokenExpired: 'error.tokenExpired',
  invalidResult: 'error.invalidResult',
  notToday: 'error.notToday',
  wrongPassword: 'error.wrongPassword',
  invalidTime: 'error.invalidTime',
  invalidTimeZone: 'error.invalidTimeZone',
  unauthorized: 'error.unauthorized',
  invalidCredentials: 'error.invalidCredentials',
  forbidden: 'error.forbidden',
  notReleased: 'error.notReleased',
  notFinished: 'error.notFinished',
  notFound: 'error.notFound',
  gameNotFound: 'error.gameNotFound',
  noGameForDate: 'error.noGameForDate',
  noEditionGame: 'error.noEditionGame',
  groupNotFound: 'error.groupNotFound',
  challengeNotFound: 'error.challengeNotFound',
  conflict: 'error.conflict',
  usernameTaken: 'error.usernameTaken',
  emailTaken: 'error.emailTaken',
  signupPending: 'error.signupPending',
  alreadyDaily: 'error.alreadyDaily',
  dateTaken: 'error.dateTaken',
  alreadyReported: 'error.alreadyReported',
  alreadyDisputed: 'error.alreadyDisputed',
  tooManyGroups: 'error.tooManyGroups',
  groupFull: 'error.groupFull',
  payloadTooLarge: 'error.payloadTooLarge',
  tooManyRequests: 'error.tooManyRequests',
  busy: 'error.busy',
  internal: 'error.internal',
};

/** A failed call's message for the player, in the active locale (see above). */
export function serverErrorText(error: unknown): string {
  const fallback = error instanceof Error && error.message ? error.message : String(error);
  if (!(error instanceof ApiError) || activeLocale() === DEFAULT_LOCALE) return fallback;
  const id = CODES[error.status === 0 ? 'offline' : (error.code ?? 'internal')];
  // The messages load with the screens that show them; before that, the server's text.
  return id && id in i18n.messages ? t(id) : fallback;
}
