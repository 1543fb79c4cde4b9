DROP INDEX submissions_unsummarised;
DROP INDEX submissions_daily_play;
ALTER TABLE submissions DROP COLUMN summary_version;
ALTER TABLE submissions DROP COLUMN hints;
ALTER TABLE submissions DROP COLUMN wrong;
ALTER TABLE submissions DROP COLUMN won;
ALTER TABLE submissions DROP COLUMN found;
ALTER TABLE submissions DROP COLUMN daily_day;
