-- What a group's all-time table and a locked board read of a player, kept with the player's
-- streak row by every writer of results, so that neither sums or scans a year of results.
-- Additive only: a release without these columns keeps writing streak rows; the next start of
-- a release that has them recounts what it wrote (see server/src/submissions/streaks.rs).
--
-- daily_played, daily_won, daily_score: the player's daily play whose log replayed (the rows
--   a board shows: submissions with daily_day and wrong set), counted and summed over every day.
-- totals_version: 0 = not counted yet (a row from before this migration, recounted at start-up);
--   1 = the three totals above hold.
-- prior_last_played, prior_played_streak, prior_won_streak: the streak as it stood before the
--   day in prior_of, which a locked board shows; valid only while prior_of = last_played.
ALTER TABLE streaks ADD COLUMN daily_played INTEGER NOT NULL DEFAULT 0;
ALTER TABLE streaks ADD COLUMN daily_won INTEGER NOT NULL DEFAULT 0;
ALTER TABLE streaks ADD COLUMN daily_score BIGINT NOT NULL DEFAULT 0;
ALTER TABLE streaks ADD COLUMN totals_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE streaks ADD COLUMN prior_of TEXT NOT NULL DEFAULT '';
ALTER TABLE streaks ADD COLUMN prior_last_played TEXT NOT NULL DEFAULT '';
ALTER TABLE streaks ADD COLUMN prior_played_streak INTEGER NOT NULL DEFAULT 0;
ALTER TABLE streaks ADD COLUMN prior_won_streak INTEGER NOT NULL DEFAULT 0;

-- The rows still to count (few after the first start: only those from before this migration).
CREATE INDEX streaks_uncounted ON streaks (user_key) WHERE totals_version = 0;
