-- The daily-play index with each result's game: the boards' sums, a player's last losses and the
-- streak recounts join `games` on it for the edition, and now read the index alone instead of
-- visiting every result's row for its game id. It replaces `submissions_daily_play` (same
-- leading columns, so every query that used that one uses this one).
CREATE INDEX submissions_daily_play_by_game ON submissions (user_key, daily_day, game_id, wrong, score, won);
DROP INDEX submissions_daily_play;
