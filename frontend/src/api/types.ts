/** Response and request shapes of the Lavalist server (spec §3, server/src). */

export interface ApiItem {
  id: number;
  name: string;
  altSpellings: string[];
}

/** `GET /api/game/date/{date}` and `GET /api/game/uid/{uid}`. */
export interface ApiGame {
  prompt: string;
  items: ApiItem[];
  date?: string;
  dayNumber?: number;
  submitter: string;
  uid?: string;
  daily_date?: string;
  type?: 'community';
  public?: boolean;
  updatedAt: string;
}

/** One listing entry (explore cards, archive days). */
export interface GameCard {
  prompt: string;
  submitter: string;
  date?: string;
  dayNumber?: number;
  daily_date?: string;
  uid?: string;
  type?: 'community';
  public?: boolean;
  /** Community games: where the admins' review stands. */
  status?: ReviewStatus;
  updatedAt: string;
}

export type ReviewStatus = 'unreviewed' | 'approved' | 'denied';

export interface GameList {
  games: GameCard[];
  total: number;
}

export interface Answer {
  answerId: number;
  guessedCorrectly: boolean;
}

/** Body of `POST /api/game/submit` (date) or `/api/game/submit-community-game` (gameUid). */
export interface Submission {
  answers: Answer[];
  userKey: string;
  score: number;
  date?: string;
  gameUid?: string;
  actions: unknown[];
}

export interface Stats {
  stats: Record<string, number>;
  percentile: number | null;
  playerCount: number;
  averageScore: number;
  playedStreak: number;
  wonStreak: number;
}

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

export interface ReviewResult {
  uid: string;
  approved: boolean;
}

export interface DailyResult {
  uid: string;
  /** The date it became the daily game of: the first free day after today (YYYY-MM-DD). */
  date: string;
}

export interface EditItem {
  /** The stored item's id; kept so per-item stats keep their meaning. */
  id: number;
  name: string;
  altSpellings: string[];
}

/** Body of `PUT /api/game/edit/{uid}` (spec §3 "Edit payload"). */
export interface EditBody {
  prompt: string;
  public: boolean;
  items: EditItem[];
}

export interface AutofillResponse {
  prompt: string;
  items: Record<string, string[]>;
  /** How long until this account may autofill again. */
  cooldownMs: number;
}

/** Why the server refused a call (`ErrorBody.code`). */
export type ErrorCode =
  | 'badRequest'
  | 'invalidJson'
  | 'invalidQuery'
  | 'invalidPath'
  | 'invalidDate'
  | 'required'
  | 'tooLong'
  | 'itemCount'
  | 'unguessable'
  | 'duplicate'
  | 'tooManySpellings'
  | 'profanity'
  | 'invalidUsername'
  | 'invalidEmail'
  | 'invalidPassword'
  | 'invalidCode'
  | 'invalidToken'
  | 'invalidResult'
  | 'notToday'
  | 'unauthorized'
  | 'invalidCredentials'
  | 'forbidden'
  | 'notReleased'
  | 'notFound'
  | 'gameNotFound'
  | 'noGameForDate'
  | 'conflict'
  | 'usernameTaken'
  | 'emailTaken'
  | 'resultConflict'
  | 'alreadyDaily'
  | 'payloadTooLarge'
  | 'unsupportedMediaType'
  | 'tooManyRequests'
  | 'busy'
  | 'internal';

/** Every error response's body. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  field?: string;
}
