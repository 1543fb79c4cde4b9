-- What the boards, the calendar and the streaks read of a result, written once when the result
-- is stored (and again when an accepted dispute regrades it), so that none of them loads or
-- replays an action log. Additive only: a release without these columns keeps working on this
-- schema during a rolling deploy, its rows keep summary_version 0 and are summarised by the
-- next start of a release that has them.
--
-- daily_day: the game day this result counts for as daily play: set only for a result sent
--   through the daily route within that day's window (grace included). NULL: archive or
--   community play (no streak, no calendar day, no board), whatever the game's daily_date.
-- found, won (0 or 1): from the stored answers.
-- wrong, hints: from the replayed action log; NULL when the result has no log that replays
--   (such a result is never on a board).
-- summary_version: 0 = not summarised yet (written by an older release); 1 = the above is set.
ALTER TABLE submissions ADD COLUMN daily_day TEXT;
ALTER TABLE submissions ADD COLUMN found INTEGER NOT NULL DEFAULT 0;
ALTER TABLE submissions ADD COLUMN won INTEGER NOT NULL DEFAULT 0;
ALTER TABLE submissions ADD COLUMN wrong INTEGER;
ALTER TABLE submissions ADD COLUMN hints INTEGER;
ALTER TABLE submissions ADD COLUMN summary_version INTEGER NOT NULL DEFAULT 0;

-- A player's daily play by day, covering what the group tables sum, so they never touch a row.
CREATE INDEX submissions_daily_play ON submissions (user_key, daily_day, wrong, score, won);
-- The rows still to summarise (few: only those an older release wrote).
CREATE INDEX submissions_unsummarised ON submissions (id) WHERE summary_version = 0;
