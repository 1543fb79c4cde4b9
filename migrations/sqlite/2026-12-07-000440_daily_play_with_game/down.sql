CREATE INDEX submissions_daily_play ON submissions (user_key, daily_day, wrong, score, won);
DROP INDEX submissions_daily_play_by_game;
