-- Daily editions (issue 24): one daily game per (language, day), the edition being the game's
-- language. `daily_date` is UNIQUE across languages, and removing that constraint is not an
-- additive change (SQLite could only do it by rebuilding `games`, whose deletion would cascade to
-- every result), so each edition's day is kept in `edition_date`, unique per language.
-- `daily_date` keeps mirroring it for English dailies only: what a previous release reads and
-- writes during a rolling deploy is exactly the English schedule it knew. A release with this
-- column copies at start any `daily_date` an older one set (server/src/games/editions.rs).
ALTER TABLE games ADD COLUMN edition_date TEXT;
UPDATE games SET edition_date = daily_date WHERE daily_date IS NOT NULL;
CREATE UNIQUE INDEX games_edition_date ON games (language, edition_date);
