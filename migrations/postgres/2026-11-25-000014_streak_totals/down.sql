DROP INDEX streaks_uncounted;
ALTER TABLE streaks DROP COLUMN prior_won_streak;
ALTER TABLE streaks DROP COLUMN prior_played_streak;
ALTER TABLE streaks DROP COLUMN prior_last_played;
ALTER TABLE streaks DROP COLUMN prior_of;
ALTER TABLE streaks DROP COLUMN totals_version;
ALTER TABLE streaks DROP COLUMN daily_score;
ALTER TABLE streaks DROP COLUMN daily_won;
ALTER TABLE streaks DROP COLUMN daily_played;
