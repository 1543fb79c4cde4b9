// Generated from the Rust types in api/ and game-core/ by `./dev gen-ts`: do not edit.
// `./dev test` fails when this file is not what the Rust types generate.

export type ErrorCode = "badRequest" | "invalidJson" | "invalidQuery" | "invalidPath" | "invalidDate" | "required" | "tooLong" | "itemCount" | "unguessable" | "duplicate" | "tooManySpellings" | "profanity" | "categories" | "invalidUsername" | "invalidEmail" | "invalidPassword" | "invalidCode" | "codeExpired" | "invalidToken" | "tokenExpired" | "invalidResult" | "notToday" | "notAWrongGuess" | "wrongPassword" | "webhookUrl" | "webhookAddress" | "invalidTime" | "invalidTimeZone" | "invalidSubscription" | "pushEndpointRefused" | "unsupportedLocale" | "unauthorized" | "invalidCredentials" | "forbidden" | "notReleased" | "notFinished" | "notFound" | "gameNotFound" | "noGameForDate" | "noEditionGame" | "noResult" | "disputeNotFound" | "groupNotFound" | "challengeNotFound" | "methodNotAllowed" | "conflict" | "usernameTaken" | "emailTaken" | "signupPending" | "resultConflict" | "alreadyDaily" | "dateTaken" | "alreadyReported" | "alreadyDisputed" | "notPlayed" | "tooManyGroups" | "groupFull" | "payloadTooLarge" | "unsupportedMediaType" | "tooManyRequests" | "busy" | "internal";

export type ErrorBody = { 
/**
 * For people: shown as it is (a toast, a field message).
 */
error: string, 
/**
 * For programs: what went wrong, stable across wording changes.
 */
code: ErrorCode, 
/**
 * The form field a form error is about: `prompt`, `items`, `items.{i}.name` or
 * `items.{i}.altSpellings`.
 */
field?: string, };

export type ReviewStatus = "approved" | "unreviewed" | "denied";

export type GameCard = { prompt: string, submitter: string, 
/**
 * The game's day (`YYYY-MM-DD`, New York) for daily and archive games.
 */
date?: string, 
/**
 * Day number of `date` (2024-07-09 is Day 1).
 */
dayNumber?: number, 
/**
 * The date a game was scheduled as the daily game, if it was.
 */
daily_date?: string, 
/**
 * Every stored game has one (admins open any game in the editor by it); absent only on the
 * placeholder served for a day with nothing scheduled.
 */
uid?: string, 
/**
 * `community` for community games; absent for daily games.
 */
type?: GameKind, 
/**
 * Community games: listed for everyone.
 */
public?: boolean, 
/**
 * Community games: where the admins' review stands.
 */
status?: ReviewStatus, 
/**
 * RFC 3339 UTC with milliseconds.
 */
updatedAt: string, 
/**
 * Community games: one to three categories (older games may have none).
 */
categories?: Array<Category>, 
/**
 * Community games: results stored.
 */
plays?: number, 
/**
 * Community games: the average rating (1–5), absent before the first rating.
 */
rating?: number, 
/**
 * Community games: how many players rated it.
 */
ratings?: number, 
/**
 * Daily games: the daily edition the game belongs to, which is the language it is written in
 * (a BCP 47 tag such as `en` or `ja`).
 */
edition?: string, 
/**
 * A day's game (`GET /api/game/date/{date}`) only: every edition with a game that day,
 * English first, then in the order of the interface languages (what the edition switch
 * offers).
 */
editions?: Array<string>, };

export type Game = { items: Array<Item>, prompt: string, submitter: string, 
/**
 * The game's day (`YYYY-MM-DD`, New York) for daily and archive games.
 */
date?: string, 
/**
 * Day number of `date` (2024-07-09 is Day 1).
 */
dayNumber?: number, 
/**
 * The date a game was scheduled as the daily game, if it was.
 */
daily_date?: string, 
/**
 * Every stored game has one (admins open any game in the editor by it); absent only on the
 * placeholder served for a day with nothing scheduled.
 */
uid?: string, 
/**
 * `community` for community games; absent for daily games.
 */
type?: GameKind, 
/**
 * Community games: listed for everyone.
 */
public?: boolean, 
/**
 * Community games: where the admins' review stands.
 */
status?: ReviewStatus, 
/**
 * RFC 3339 UTC with milliseconds.
 */
updatedAt: string, 
/**
 * Community games: one to three categories (older games may have none).
 */
categories?: Array<Category>, 
/**
 * Community games: results stored.
 */
plays?: number, 
/**
 * Community games: the average rating (1–5), absent before the first rating.
 */
rating?: number, 
/**
 * Community games: how many players rated it.
 */
ratings?: number, 
/**
 * Daily games: the daily edition the game belongs to, which is the language it is written in
 * (a BCP 47 tag such as `en` or `ja`).
 */
edition?: string, 
/**
 * A day's game (`GET /api/game/date/{date}`) only: every edition with a game that day,
 * English first, then in the order of the interface languages (what the edition switch
 * offers).
 */
editions?: Array<string>, };

export type GameList = { games: Array<GameCard>, total: number, 
/**
 * Community listings: the `after` cursor of the next page (keyset paging), absent on the
 * last page.
 */
next?: string, };

export type UploadBody = { prompt: string, 
/**
 * Item name → alternative spellings, in play order.
 */
items: Record<string, Array<string>>, 
/**
 * Item name (as in `items`) → spellings that are never auto-corrected into that item
 * ("not accepted"); items without any may be left out, and so may the whole field.
 */
rejectedSpellings?: Record<string, Array<string>>, 
/**
 * Always `community`; accepted for the front end's sake.
 */
type?: string, 
/**
 * Ignored: new games start private until an admin approves them.
 */
public?: boolean, 
/**
 * One to three categories; a game uploaded without the field is `miscellaneous`.
 */
categories?: Array<Category>, 
/**
 * The creator's word that the words the profanity rule flags are real names (a town, a
 * surname, a title). Without it such a game is refused (400 `profanity` with the field);
 * with it the game is stored, unreviewed and private like every upload, and the admins'
 * review queue shows the flagged words. Slurs and threats are refused all the same.
 */
realNames?: boolean, };

export type EditItem = { id?: number | null, name: string, altSpellings: Array<string>, 
/**
 * Spellings never auto-corrected into this item; left out when there are none.
 */
rejectedSpellings?: Array<string>, };

export type EditBody = { prompt: string, public: boolean, items: Array<EditItem>, 
/**
 * A community game's new categories (one to three); absent: unchanged.
 */
categories?: Array<Category>, };

export type SavedGame = { warnings?: Array<FieldError>, items: Array<Item>, prompt: string, submitter: string, 
/**
 * The game's day (`YYYY-MM-DD`, New York) for daily and archive games.
 */
date?: string, 
/**
 * Day number of `date` (2024-07-09 is Day 1).
 */
dayNumber?: number, 
/**
 * The date a game was scheduled as the daily game, if it was.
 */
daily_date?: string, 
/**
 * Every stored game has one (admins open any game in the editor by it); absent only on the
 * placeholder served for a day with nothing scheduled.
 */
uid?: string, 
/**
 * `community` for community games; absent for daily games.
 */
type?: GameKind, 
/**
 * Community games: listed for everyone.
 */
public?: boolean, 
/**
 * Community games: where the admins' review stands.
 */
status?: ReviewStatus, 
/**
 * RFC 3339 UTC with milliseconds.
 */
updatedAt: string, 
/**
 * Community games: one to three categories (older games may have none).
 */
categories?: Array<Category>, 
/**
 * Community games: results stored.
 */
plays?: number, 
/**
 * Community games: the average rating (1–5), absent before the first rating.
 */
rating?: number, 
/**
 * Community games: how many players rated it.
 */
ratings?: number, 
/**
 * Daily games: the daily edition the game belongs to, which is the language it is written in
 * (a BCP 47 tag such as `en` or `ja`).
 */
edition?: string, 
/**
 * A day's game (`GET /api/game/date/{date}`) only: every edition with a game that day,
 * English first, then in the order of the interface languages (what the edition switch
 * offers).
 */
editions?: Array<string>, };

export type DeletedGame = { uid: string, message: string, };

export type PageQuery = { 
/**
 * 1-based page number (default 1).
 */
page?: number, 
/**
 * Entries per page (default 12; larger values are capped).
 */
limit?: number, 
/**
 * Case-insensitive substring of the prompt.
 */
search?: string, };

export type EditionQuery = { edition?: string, };

export type CommunityQuery = { page?: number, limit?: number, search?: string, 
/**
 * Only this user's games (case-insensitive).
 */
username?: string, 
/**
 * The order (default `hot`; `new` when `username` is given).
 */
sort?: CommunitySort, 
/**
 * `top` only: games made this week, this month, or at any time (default `all`).
 */
period?: TopPeriod, 
/**
 * Only games of this category.
 */
category?: Category, 
/**
 * Only games written in this language (a BCP 47 tag such as `en`).
 */
language?: string, 
/**
 * The `next` cursor of the previous page: keyset paging (`page` is then ignored).
 */
after?: string, };

export type CommunitySort = "hot" | "new" | "top" | "played";

export type TopPeriod = "week" | "month" | "all";

export type RatingBody = { 
/**
 * The browser's userKey (a logged-in player's rating is kept under the account).
 */
userKey: string, 
/**
 * 1 to 5.
 */
stars: number, };

export type RatingSummary = { 
/**
 * Average stars, absent before the first rating.
 */
average?: number, count: number, 
/**
 * This player's stars, if they rated the game.
 */
stars?: number, 
/**
 * Whether this player has a stored result of the game (and so may rate it).
 */
canRate: boolean, };

export type RandomGame = { uid?: string, 
/**
 * `YYYY-MM-DD` of an archive day.
 */
date?: string, };

export type ItemFound = { name: string, 
/**
 * 0 to 1.
 */
foundRate: number, };

export type DayPlays = { 
/**
 * `YYYY-MM-DD` (UTC).
 */
date: string, plays: number, };

export type CreatorGame = { uid: string, prompt: string, status: ReviewStatus, public: boolean, 
/**
 * Results stored.
 */
plays: number, 
/**
 * The average share of the items a player found (0 to 1); 0 before the first play.
 */
completionRate: number, 
/**
 * The share of players who found every item (0 to 1).
 */
winRate: number, averageScore: number, rating?: number, ratings: number, 
/**
 * The least found item, once the game has 20 plays.
 */
hardest?: ItemFound, 
/**
 * The most found item, once the game has 20 plays.
 */
easiest?: ItemFound, 
/**
 * The last 30 days (UTC), oldest first, days without plays included.
 */
playsPerDay: Array<DayPlays>, };

export type CreatorStats = { games: Array<CreatorGame>, };

export type CreatorTotals = { games: number, plays: number, 
/**
 * Average stars over every rating of those games, absent before the first rating.
 */
averageRating?: number, ratings: number, };

export type Answer = { answerId: number, guessedCorrectly: boolean, };

export type DailySubmission = { answers: Array<Answer>, userKey: string, score: number, 
/**
 * The game's date, `YYYY-MM-DD`.
 */
date: string, 
/**
 * The game-core replay log: `{"guess": "…"}`, `{"hint": "firstLetter"|"length"}`, `{"giveUp": true}`.
 */
actions?: Array<Action> | null, 
/**
 * The daily edition played (`en`, `es`, `ja`, …); absent or unknown: English.
 */
edition?: string, };

export type CommunitySubmission = { answers: Array<Answer>, userKey: string, score: number, gameUid: string, actions?: Array<Action> | null, };

export type SubmissionResponse = { 
/**
 * The userKey the request sent. A logged-in player's result is stored under the account
 * (one result per game per account, on every device), not under this key.
 */
userKey: string, score: number, answers: Array<Answer>, won: boolean, date?: string, gameUid?: string, 
/**
 * The share link's result parameter (`?r=…`): this result's circle row and score, signed
 * by the server, so the link's preview can show them and nobody can make one up. Never an
 * item.
 */
shareParam?: string, };

export type StatsQuery = { 
/**
 * The day (`YYYY-MM-DD`); today in New York when absent.
 */
date?: string, 
/**
 * Where this score stands; else the userKey's stored score (the userKey travels in the
 * `X-User-Key` header, never in the URL: it is a bearer secret).
 */
score?: number, };

export type CommunityStatsQuery = { 
/**
 * Where this score stands; else the `X-User-Key` header's stored score.
 */
score?: number, };

export type StatsResponse = { 
/**
 * Item id → fraction of players who found it (0–1); empty below the minimum sample.
 */
stats: Record<string, number>, 
/**
 * Where the score stands among the players (`game_core::results::standing`; a score that
 * is not the userKey's stored result is ranked as one more player); null when no score is
 * known. Below the minimum sample only `first` is given, else null.
 */
standing: Standing | null, 
/**
 * The spec's percentile: the whole percent, rounded down, of the players (ranked as for
 * `standing`) with a strictly lower score (`game_core::results::percentile`). Null when
 * `standing` is: no score known, or hidden by the minimum sample (then 0 only for the first
 * result, when nobody else has one).
 */
percentile: number | null, playerCount: number, 
/**
 * Null below the minimum sample.
 */
averageScore: number | null, 
/**
 * Consecutive daily days played by the userKey, up to today or yesterday.
 */
playedStreak: number, 
/**
 * Consecutive daily days won by the userKey, up to today or yesterday.
 */
wonStreak: number, 
/**
 * The score distribution: players per bucket (a bucket is score / 10, so 73 holds 730–739;
 * 1000 is bucket 100), only buckets with players, lowest first; empty below the minimum
 * sample.
 */
histogram: Array<ScoreCount>, 
/**
 * The minimum sample (the server's `--stats-min-players`): with fewer players the figures
 * about the others (find rates, average, distribution, a best or top standing) are left
 * out, since they say little and may reveal one player's result.
 */
minPlayers: number, 
/**
 * Whether `playerCount` reaches `minPlayers`, so those figures are given.
 */
enoughPlayers: boolean, };

export type ScoreCount = { bucket: number, players: number, };

export type Standing = { "kind": "first" } | { "kind": "best", tied: number, } | { "kind": "top", percent: number, };

export type Locale = "en" | "es" | "fr" | "de" | "pt-BR" | "ru" | "ja" | "zh-CN" | "ko" | "ar" | "he" | "hi";

export type LocaleBody = { 
/**
 * Required, `null` to clear: a body without it (`{}`, another request's fields) is refused
 * rather than read as clearing the choice.
 */
locale: Locale | null, };

export type User = { username: string, email: string, 
/**
 * `admin` for admins; absent for everyone else.
 */
role?: string, 
/**
 * The language the player chose for the interface and e-mails (`PATCH /api/me/locale`);
 * absent while none was chosen.
 */
locale?: Locale, };

export type UserResponse = { user: User, 
/**
 * A renewed login token (its lifetime counted from now): the client replaces its token
 * with it, so a player who keeps coming back stays logged in.
 */
token: string, };

export type AuthResponse = { token: string, user: User, 
/**
 * How many results stored under the sent `userKey` this request moved to the account (0
 * when none was sent, or all were claimed before).
 */
claimed: number, };

export type RequestCodeBody = { username: string, email: string, password: string, 
/**
 * A resend ("send a new code"): the `signupToken` the first request-code answered. Only a
 * request presenting it may replace an unexpired pending sign-up for this e-mail.
 */
signupToken?: string, 
/**
 * The player confirms they are 18 or older: required (`true`), refused otherwise with the
 * code `required` at the field `adult`. The account stores when it was confirmed.
 */
adult: boolean, 
/**
 * The language the player reads the interface in: the code e-mail is written in it, and
 * the account keeps it. Absent: the request's `Accept-Language`, else English, for the
 * e-mail, and no choice stored. A tag Lavalist is not written in is refused
 * (`unsupportedLocale`).
 */
locale?: Locale, };

export type RequestCodeResponse = { message: string, 
/**
 * Proof that this client started the sign-up (256 random bits, hex): verify-code needs it,
 * and a resend presents it. Kept by the client only; the server stores its hash.
 */
signupToken: string, };

export type VerifyCodeBody = { email: string, code: string, 
/**
 * The `signupToken` request-code answered. Missing or wrong is refused like a wrong code
 * (`invalidCode`) and counts as a wrong try.
 */
signupToken: string, 
/**
 * This browser's userKey: its results move to the new account (see `LoginBody::user_key`).
 */
userKey?: string, 
/**
 * The account's language, when the player changed it since request-code (that request's
 * `locale` otherwise). A tag Lavalist is not written in is refused (`unsupportedLocale`).
 */
locale?: Locale, };

export type LoginBody = { email: string, password: string, 
/**
 * This browser's userKey. Its results move to the account, each unless the account already
 * has a result for that game (that one stays under this userKey). Claiming again moves
 * nothing more; results another account already claimed are no longer under this key.
 */
userKey?: string, };

export type ForgotPasswordBody = { email: string, };

export type ResetPasswordBody = { token: string, newPassword: string, };

export type MessageResponse = { message: string, };

export type ChangePasswordBody = { currentPassword: string, 
/**
 * Checked by the same rules as at sign-up and reset.
 */
newPassword: string, };

export type DeleteAccountBody = { password: string, };

export type PrivacyInfo = { 
/**
 * Where to write about one's data (an e-mail address); absent when the operator set none.
 */
contact?: string, 
/**
 * When the policy last changed (`YYYY-MM-DD`).
 */
updated: string, };

export type AccountExport = { 
/**
 * When this export was made (RFC 3339).
 */
exportedAt: string, account: ExportedAccount, 
/**
 * Every result stored under the account, oldest first.
 */
results: Array<ExportedResult>, 
/**
 * The community games the player created, oldest first.
 */
games: Array<ExportedGame>, groups: Array<ExportedGroup>, 
/**
 * The "I was right" claims the player made while logged in.
 */
disputes: Array<ExportedDispute>, 
/**
 * The games the player reported while logged in.
 */
reports: Array<ExportedReport>, 
/**
 * The stars the player gave community games, oldest first.
 */
ratings: Array<ExportedRating>, 
/**
 * The challenge links the player made, oldest first.
 */
challenges: Array<ExportedChallenge>, 
/**
 * Past days played from the archive, kept only so that a challenge can compare them.
 */
archiveResults: Array<ExportedArchiveResult>, };

export type ExportedAccount = { username: string, email: string, 
/**
 * RFC 3339.
 */
createdAt: string, 
/**
 * Whether the e-mail was verified: every account is (it is created by the e-mailed code).
 */
verified: boolean, 
/**
 * When the player confirmed being 18 or older (RFC 3339); absent for accounts from before
 * the question was asked.
 */
adultConfirmedAt?: string, 
/**
 * `admin` for admins; absent for everyone else.
 */
role?: string, 
/**
 * The language the player chose; absent while none was chosen.
 */
locale?: Locale, };

export type ExportedResult = { gameUid: string, prompt: string, 
/**
 * When the result was stored (RFC 3339).
 */
playedAt: string, score: number, 
/**
 * How many of the ten items were found.
 */
found: number, won: boolean, 
/**
 * The day (`YYYY-MM-DD`) it counts for as daily play; absent otherwise.
 */
dailyDay?: string, 
/**
 * The items found, by name.
 */
answersFound: Array<string>, };

export type ExportedGame = { uid: string, prompt: string, status: string, public: boolean, 
/**
 * RFC 3339.
 */
createdAt: string, 
/**
 * The item names, in order.
 */
items: Array<string>, };

export type ExportedGroup = { name: string, 
/**
 * `owner` or `member`.
 */
role: string, 
/**
 * RFC 3339.
 */
joinedAt: string, };

export type ExportedDispute = { gameUid: string, guess: string, status: string, 
/**
 * RFC 3339.
 */
createdAt: string, };

export type ExportedReport = { gameUid: string, reason: string, details: string, status: string, 
/**
 * RFC 3339.
 */
createdAt: string, };

export type ExportedRating = { gameUid: string, stars: number, 
/**
 * RFC 3339: when the game was first rated, and last changed.
 */
createdAt: string, updatedAt: string, };

export type ExportedChallenge = { 
/**
 * The link's id (`/challenge/{id}`).
 */
id: string, gameUid: string, 
/**
 * The day challenged (YYYY-MM-DD) for a daily game; absent for a community game.
 */
dailyDate?: string, 
/**
 * RFC 3339.
 */
createdAt: string, };

export type ExportedArchiveResult = { gameUid: string, 
/**
 * The game's day (YYYY-MM-DD).
 */
dailyDate?: string, 
/**
 * The action log as the player's browser sent it (JSON).
 */
actions: string, 
/**
 * RFC 3339.
 */
playedAt: string, };

export type ProgressQuery = { 
/**
 * A daily game's day, `YYYY-MM-DD`.
 */
date?: string, 
/**
 * A community game's uid.
 */
gameUid?: string, 
/**
 * With `date`: the daily edition (`en`, `es`, `ja`, …); absent or unknown: English.
 */
edition?: string, };

export type ProgressBody = { 
/**
 * A daily game's day, `YYYY-MM-DD` (or `gameUid`).
 */
date?: string, 
/**
 * A community game's uid (or `date`).
 */
gameUid?: string, 
/**
 * With `date`: the daily edition (`en`, `es`, `ja`, …); absent or unknown: English.
 */
edition?: string, actions: Array<Action>, };

export type FinishedResult = { score: number, answers: Array<Answer>, won: boolean, 
/**
 * The replay log it was checked with; null for a result submitted without one.
 */
actions?: Array<Action> | null, };

export type ProgressResponse = { 
/**
 * The kept replay log: the sent one when it extended the stored one, else the stored one
 * (empty when there is none, or the game is finished).
 */
actions: Array<Action>, 
/**
 * The sent log and the stored one went different ways: the server kept its copy, and the
 * client continues from `actions` and tells the player.
 */
diverged: boolean, 
/**
 * Set when the account has a result for this game: continue from nothing, show it.
 */
finished?: FinishedResult | null, };

export type DayResult = { 
/**
 * The daily game's day, `YYYY-MM-DD`.
 */
date: string, score: number, won: boolean, };

export type AccountDays = { days: Array<DayResult>, };

export type ReviewQuery = { 
/**
 * `unreviewed` (default) or `denied`.
 */
status?: string, page?: number, limit?: number, search?: string, };

export type ReviewGame = { 
/**
 * When it was submitted: RFC 3339 UTC with milliseconds.
 */
createdAt: string, 
/**
 * The fields whose words the profanity rule flags, stored because the creator said they
 * are real names (`realNames` on upload) or kept by an admin's edit: the review card
 * highlights them. Empty for most games.
 */
flaggedWords: Array<FlaggedWords>, items: Array<Item>, prompt: string, submitter: string, 
/**
 * The game's day (`YYYY-MM-DD`, New York) for daily and archive games.
 */
date?: string, 
/**
 * Day number of `date` (2024-07-09 is Day 1).
 */
dayNumber?: number, 
/**
 * The date a game was scheduled as the daily game, if it was.
 */
daily_date?: string, 
/**
 * Every stored game has one (admins open any game in the editor by it); absent only on the
 * placeholder served for a day with nothing scheduled.
 */
uid?: string, 
/**
 * `community` for community games; absent for daily games.
 */
type?: GameKind, 
/**
 * Community games: listed for everyone.
 */
public?: boolean, 
/**
 * Community games: where the admins' review stands.
 */
status?: ReviewStatus, 
/**
 * RFC 3339 UTC with milliseconds.
 */
updatedAt: string, 
/**
 * Community games: one to three categories (older games may have none).
 */
categories?: Array<Category>, 
/**
 * Community games: results stored.
 */
plays?: number, 
/**
 * Community games: the average rating (1–5), absent before the first rating.
 */
rating?: number, 
/**
 * Community games: how many players rated it.
 */
ratings?: number, 
/**
 * Daily games: the daily edition the game belongs to, which is the language it is written in
 * (a BCP 47 tag such as `en` or `ja`).
 */
edition?: string, 
/**
 * A day's game (`GET /api/game/date/{date}`) only: every edition with a game that day,
 * English first, then in the order of the interface languages (what the edition switch
 * offers).
 */
editions?: Array<string>, };

export type FlaggedWords = { 
/**
 * `prompt`, `items.N.name` or `items.N.altSpellings` (N from 0, in play order).
 */
field: string, 
/**
 * The flagged words as written.
 */
words: Array<string>, };

export type ReviewList = { games: Array<ReviewGame>, total: number, };

export type ReviewDecision = { approved: boolean, };

export type ReviewResult = { uid: string, approved: boolean, };

export type DailyDateQuery = { 
/**
 * `YYYY-MM-DD` (New York). Make-daily: the day to schedule the game on, after today and
 * free (default: the first free day after today). Next-daily-date: the first free day on or
 * after this one (default and at the earliest: tomorrow).
 */
date?: string, 
/**
 * Next-daily-date: the daily edition whose free day is asked (`en`, `es`, `ja`, …; absent
 * or unknown: English). Make-daily ignores it: a game goes into the edition of its language.
 */
edition?: string, };

export type FreeDailyDate = { 
/**
 * `YYYY-MM-DD` (New York).
 */
date: string, };

export type DailyResult = { uid: string, 
/**
 * The day asked for, or the first free day after today, `YYYY-MM-DD`.
 */
date: string, };

export type ReportReason = "offensive" | "spoiler" | "wrong-answers" | "spam" | "other";

export type ReportBody = { userKey: string, reason: ReportReason, 
/**
 * What is wrong, in the player's words (at most 500 characters).
 */
details?: string, };

export type ReasonCount = { reason: ReportReason, count: number, };

export type ReportedGame = { uid: string, prompt: string, status: ReviewStatus, public: boolean, 
/**
 * Open reports of the game.
 */
reports: number, 
/**
 * Open reports by reason, most given first.
 */
reasons: Array<ReasonCount>, 
/**
 * The newest non-empty details players wrote (at most 5).
 */
details: Array<string>, 
/**
 * The first and the latest open report, RFC 3339.
 */
firstAt: string, lastAt: string, };

export type ReportedGames = { games: Array<ReportedGame>, };

export type ReportAction = "dismiss" | "hide";

export type ReportDecision = { action: ReportAction, };

export type ReportDecisionResult = { uid: string, action: ReportAction, closed: number, };

export type InsightsQuery = { 
/**
 * How many days back from today (New York), today included: 1 to 90, 30 by default.
 */
days?: number, };

export type ItemRate = { name: string, 
/**
 * Whole percent, rounded to nearest.
 */
foundPercent: number, };

export type InsightsDay = { 
/**
 * `YYYY-MM-DD`.
 */
date: string, 
/**
 * Distinct players (userKeys) who stored any result that day, any game.
 */
players: number, 
/**
 * Results stored that day, any game.
 */
results: number, 
/**
 * The day's daily game: its prompt and its results so far (absent: no daily game).
 */
dailyPrompt?: string, dailyPlayers: number, 
/**
 * Whole percent of the daily game's players who found all ten (absent: nobody played).
 */
winPercent?: number, averageScore?: number, 
/**
 * The daily game's least and most found items.
 */
hardest?: ItemRate, easiest?: ItemRate, };

export type PopularGame = { uid: string, prompt: string, players: number, averageScore: number, };

export type Insights = { 
/**
 * Oldest first, today last.
 */
days: Array<InsightsDay>, 
/**
 * Over the window's daily games, weighted by players (absent: nobody played).
 */
winPercent?: number, averageScore?: number, 
/**
 * The most played community games (all time), at most 10.
 */
topCommunity: Array<PopularGame>, openDisputes: number, openReports: number, };

export type AutofillBody = { prompt: string, 
/**
 * Item name → alternative spellings so far, in the form's order (names may still be
 * empty); a plain list of names is accepted too.
 */
items: Record<string, Array<string>> | Array<string>, };

export type AutofillResponse = { 
/**
 * The prompt, tidied (trimmed, first letter capitalised).
 */
prompt: string, 
/**
 * Every non-empty item name → its alternative spellings (the player's first), in order.
 */
items: Record<string, Array<string>>, 
/**
 * How long this account must wait before the next autofill, in milliseconds: 0 when the
 * answer added nothing useful, no item and only doubtful spellings or none (such a use does
 * not start the cooldown).
 */
cooldownMs: number, 
/**
 * Items the answer adds to the request's (only an AI provider adds any).
 */
addedItems: number, 
/**
 * Spellings the answer adds to the request's items, new items' included. With
 * `addedItems`, 0 means autofill found nothing to add.
 */
addedSpellings: number, 
/**
 * Of `addedSpellings`, those only a guessing rule makes (an English singular or plural,
 * `game_core::autofill::is_doubtful`): worth checking, and no success when they are all
 * the answer added.
 */
doubtfulSpellings: number, };

export type DisputeStatus = "open" | "accepted" | "rejected";

export type DisputeBody = { 
/**
 * The userKey the result was stored under.
 */
userKey: string, 
/**
 * The wrong guess, as the game shows it.
 */
guess: string, };

export type Dispute = { id: number, gameUid: string, 
/**
 * The game's daily date (`YYYY-MM-DD`), if it has one.
 */
date: string | null, guess: string, status: DisputeStatus, 
/**
 * For an accepted dispute, the item the guess became a spelling of.
 */
itemName: string | null, };

export type DisputeList = { disputes: Array<Dispute>, };

export type DisputeGroup = { gameUid: string, prompt: string, date: string | null, 
/**
 * game-core's `normalise` of the guess: what groups the disputes.
 */
guessKey: string, 
/**
 * The guess as the first player typed it (what an accepted dispute adds).
 */
guess: string, count: number, 
/**
 * RFC 3339 UTC.
 */
firstAt: string, lastAt: string, 
/**
 * The game's items, for the item picker.
 */
items: Array<Item>, };

export type DisputeGroups = { groups: Array<DisputeGroup>, };

export type AcceptDisputeBody = { gameUid: string, guessKey: string, itemId: number, };

export type RejectDisputeBody = { gameUid: string, guessKey: string, };

export type AcceptResult = { gameUid: string, guessKey: string, itemId: number, 
/**
 * The spelling added (absent when the item already had it: a repeated accept).
 */
addedSpelling: string | null, 
/**
 * Disputes of the group this accept closed.
 */
disputes: number, 
/**
 * The game's stored results that were replayed, and those whose result changed.
 */
results: number, regraded: number, };

export type RejectResult = { gameUid: string, guessKey: string, disputes: number, };

export type GroupNameBody = { 
/**
 * 1 to 40 characters after trimming, nothing offensive.
 */
name: string, };

export type GroupSummary = { id: number, name: string, members: number, 
/**
 * Whether the viewer owns it.
 */
owned: boolean, };

export type GroupList = { groups: Array<GroupSummary>, 
/**
 * How many groups one player may belong to.
 */
maxGroups: number, };

export type GroupMember = { userId: number, username: string, owner: boolean, 
/**
 * RFC 3339.
 */
joinedAt: string, };

export type GroupDetail = { id: number, name: string, 
/**
 * Whether the viewer owns it (and may rename, regenerate, remove and delete).
 */
owned: boolean, 
/**
 * The invite code (the link is `/join/{code}`): shown to the owner only.
 */
inviteCode?: string, 
/**
 * The owner first, then by joining time.
 */
members: Array<GroupMember>, maxMembers: number, };

export type InvitePreview = { name: string, 
/**
 * The owner's username.
 */
owner: string, members: number, maxMembers: number, };

export type GroupInvite = { id: number, 
/**
 * Whether the viewer is already a member (the page then opens the group instead).
 */
member: boolean, name: string, 
/**
 * The owner's username.
 */
owner: string, members: number, maxMembers: number, };

export type BoardRow = { userId: number, username: string, 
/**
 * 1 for the best score; equal scores share a rank (1, 1, 3).
 */
rank: number, score: number, 
/**
 * Items found, of ten.
 */
found: number, wrong: number, hints: number, 
/**
 * Survived (every item found) or erupted.
 */
won: boolean, };

export type TodayBoard = { 
/**
 * `YYYY-MM-DD`.
 */
date: string, 
/**
 * Whether there is a daily game today at all.
 */
hasGame: boolean, locked: boolean, rows: Array<BoardRow>, };

export type TableRow = { userId: number, username: string, played: number, won: number, 
/**
 * The mean score of the games played, rounded to a whole point; 0 with none played.
 */
averageScore: number, 
/**
 * Consecutive daily games played, up to today or yesterday.
 */
playedStreak: number, 
/**
 * Consecutive daily games won, up to today or yesterday.
 */
wonStreak: number, };

export type GroupBoards = { today: TodayBoard, weekly: Array<TableRow>, allTime: Array<TableRow>, };

export type GroupRank = { groupId: number, name: string, rank: number, 
/**
 * Members on that day's board.
 */
players: number, };

export type GroupRanks = { 
/**
 * `YYYY-MM-DD`.
 */
date: string, ranks: Array<GroupRank>, };

export type ChannelBody = { 
/**
 * `https://discord.com/api/webhooks/{id}/{token}` or
 * `https://hooks.slack.com/services/…` (or another host with either path); https, to a
 * public address.
 */
url: string, };

export type ChannelKind = "discord" | "slack";

export type ChannelState = { connected: boolean, kind?: ChannelKind, 
/**
 * The webhook's host, e.g. `discord.com`.
 */
host?: string, 
/**
 * Set when deliveries failed too many times in a row: nothing is sent until the owner
 * saves the address again.
 */
disabled?: ChannelDisabled, 
/**
 * RFC 3339: the last message the channel accepted.
 */
lastDeliveryAt?: string, 
/**
 * Why the last attempt failed, while failures are being retried.
 */
lastError?: string, 
/**
 * Messages waiting to be sent (or retried).
 */
pending: number, };

export type ChannelDisabled = { 
/**
 * RFC 3339.
 */
at: string, 
/**
 * The last failure, e.g. `the webhook answered 404`.
 */
reason: string, };

export type ChannelTestResult = { delivered: boolean, 
/**
 * For people: what happened.
 */
message: string, channel: ChannelState, };

export type ReminderMode = "everyDay" | "streakAtRisk";

export type ReminderSettingsBody = { 
/**
 * Web push to the browsers this player subscribed (`POST /api/reminders/push`).
 */
push: boolean, 
/**
 * E-mail to the account's address: logged-in players only.
 */
email: boolean, 
/**
 * Local time, `HH:MM` (24-hour).
 */
time: string, 
/**
 * An IANA time zone name, e.g. `Europe/Paris`.
 */
timeZone: string, mode: ReminderMode, };

export type ReminderSettings = { push: boolean, email: boolean, 
/**
 * `HH:MM`; 19:00 until the player chooses.
 */
time: string, 
/**
 * Empty until the player chooses (the browser then offers its own zone).
 */
timeZone: string, mode: ReminderMode, 
/**
 * Whether e-mail reminders are possible: the viewer is logged in.
 */
emailAvailable: boolean, 
/**
 * Push subscriptions stored for this player (all their browsers).
 */
pushSubscriptions: number, 
/**
 * The server's VAPID public key (RFC 8292), base64url: `applicationServerKey`.
 */
vapidPublicKey: string, 
/**
 * The next reminder's instant (RFC 3339), when one is scheduled.
 */
nextAt?: string | null, };

export type PushKeys = { 
/**
 * The browser's P-256 public key, uncompressed, base64url (65 bytes).
 */
p256dh: string, 
/**
 * The 16-byte authentication secret, base64url.
 */
auth: string, };

export type PushSubscriptionBody = { 
/**
 * The push service's https address for this browser; only allow-listed services are taken.
 */
endpoint: string, keys: PushKeys, };

export type PushEndpointBody = { endpoint: string, };

export type ReminderPush = { title: string, body: string, 
/**
 * Today's game: the page the notification opens.
 */
url: string, 
/**
 * One notification per day replaces another (`Notification.tag`).
 */
tag: string, };

export type UnsubscribeQuery = { token: string, };

export type ChallengeBody = { userKey: string, 
/**
 * The daily game's date, `YYYY-MM-DD`.
 */
date?: string, gameUid?: string, 
/**
 * With `date`: the daily edition (`en`, `es`, `ja`, …); absent or unknown: English.
 */
edition?: string, };

export type ChallengeCreated = { id: string, 
/**
 * The absolute link to share (`{public URL}/challenge/{id}`).
 */
url: string, };

export type ArchiveResultBody = { userKey: string, 
/**
 * The past day's date, `YYYY-MM-DD` (before today).
 */
date: string, 
/**
 * The game-core replay log.
 */
actions: Array<Action>, 
/**
 * The daily edition (`en`, `es`, `ja`, …); absent or unknown: English.
 */
edition?: string, };

export type ArchiveResult = { date: string, score: number, found: number, won: boolean, };

export type ChallengePreview = { id: string, prompt: string, submitter: string, 
/**
 * The creator's username; `null` for a guest.
 */
creatorName?: string | null, 
/**
 * Set for a daily game (played by date: today's on `/`, a past day in the archive).
 */
date?: string, 
/**
 * The daily game's day number.
 */
dayNumber?: number, 
/**
 * Set for a community game (played at `/community/{uid}`).
 */
gameUid?: string, 
/**
 * Whether the viewer (the `X-User-Key` header, or the logged-in account) made it.
 */
yours: boolean, };

export type FoundBy = "both" | "creator" | "viewer" | "neither";

export type ComparedItem = { id: number, name: string, foundBy: FoundBy, };

export type ComparedResult = { score: number, found: number, won: boolean, hints: number, 
/**
 * The wrong guesses, in the order they were made.
 */
wrongGuesses: Array<string>, };

export type ChallengeComparison = { challenge: ChallengePreview, 
/**
 * Every item, in the game's order.
 */
items: Array<ComparedItem>, creator: ComparedResult, viewer: ComparedResult, };

export type Item = { id: number, name: string, altSpellings: Array<string>, 
/**
 * Spellings the creator does not accept: a guess reading as one of them is never
 * auto-corrected into this item. Left out of the JSON when there are none.
 */
rejectedSpellings?: Array<string>, };

export type GameKind = "daily" | "community";

export type GameDef = { prompt: string, type: GameKind, 
/**
 * The game's day (`YYYY-MM-DD`) for daily and archive games.
 */
date: string | null, 
/**
 * Daily and archive games of a daily edition other than English: the edition, i.e. the
 * language the game is written in (a BCP 47 tag), which the share text names. Absent for
 * English and community games.
 */
edition?: string, items: Array<Item>, };

export type Action = { "guess": string } | { "hint": HintKind } | { "giveUp": boolean };

export type HintKind = "firstLetter" | "length";

export type GuessOutcome = "correct" | "wrong" | "correctAgain" | "wrongAgain";

export type GuessResult = { outcome: GuessOutcome, itemId: number | null, 
/**
 * How a non-exact match was read (`null` for the item's own name or a miss). Each
 * interface language words it; English in the spec's words ([`Correction`]).
 */
correction: Correction | null, };

export type Correction = { "kind": "alternative", name: string, } | { "kind": "fuzzyName", name: string, } | { "kind": "fuzzyAlternative", name: string, spelling: string, };

export type HintValue = string | number;

export type HintResult = { itemId: number, kind: HintKind, value: HintValue, 
/**
 * A length hint's word lengths (see `GivenHint::words`).
 */
words?: Array<number>, };

export type GivenHint = { itemId: number, value: HintValue, 
/**
 * A length hint's value word by word ("Soviet Union": `[6, 5]`, adding up to `value`), so a
 * screen can show the breaks; absent on a first-letter hint.
 */
words?: Array<number>, };

export type GameView = { correct: number, wrong: number, wrongGuesses: Array<string>, hintsUsed: number, score: number, gameOver: boolean, won: boolean, 
/**
 * Item ids: found items newest first, then the rest in list order.
 */
display: Array<number>, 
/**
 * Found item ids, in the order they were found.
 */
found: Array<number>, firstLetterHints: Array<GivenHint>, lengthHints: Array<GivenHint>, hintEnabled: boolean, firstLetterAvailable: boolean, lengthAvailable: boolean, actions: Array<Action>, };

export type GameError = "emptyGuess" | "gameOver" | "noHintsLeft" | "noMoreHintsOfType" | "guessTooLong" | "logTooLong";

export type ReplayError = { 
/**
 * Position of the refused action in the log.
 */
index: number, error: GameError, };

export type FormItem = { name: string, altSpellings: Array<string>, 
/**
 * Spellings never auto-corrected into this item (see `matching`).
 */
rejectedSpellings?: Array<string>, };

export type GameForm = { prompt: string, items: Array<FormItem>, };

export type FormErrorCode = "required" | "tooLong" | "itemCount" | "unguessable" | "duplicate" | "tooManySpellings" | "profanity" | "categories";

export type FieldError = { field: string, code: FormErrorCode, message: string, };

export type Category = "geography" | "history" | "science" | "sport" | "music" | "film-tv" | "books" | "food-drink" | "nature" | "language" | "games" | "people" | "miscellaneous";

export type ArchiveDateCheck = { 
/**
 * Exactly `YYYY-MM-DD` and a real calendar date.
 */
valid: boolean, 
/**
 * Valid, and before today in New York (or any date for an admin).
 */
playable: boolean, };

export type Rules = { itemsPerGame: number, maxWrong: number, maxHints: number, maxPromptChars: number, maxNameChars: number, maxSpellingChars: number, maxSpellingsPerItem: number, maxGuessChars: number, 
/**
 * Most actions a replayed log may hold.
 */
maxActions: number, scoreBuckets: number, 
/**
 * Minutes after midnight (New York) during which yesterday's daily still takes results.
 */
graceMinutes: number, hintPenalty: number, wrongPenalty: number, pointsPerItem: number, };
