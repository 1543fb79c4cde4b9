-- Community: categories, ratings, and the per-game numbers explore sorts by, kept up to date
-- in O(1) as results and ratings arrive (never recounted per request).
--
-- categories: a bit set over game-core's fixed list (bit i = Category::ALL[i]); 0 = none yet.
-- plays: results stored (as game_stats.player_count). rating_sum / rating_count: the stars.
-- top: the Bayesian average (5 prior votes of 3 stars: (15 + rating_sum) / (5 + rating_count)).
-- hot: log2 of the sum of every event's weight times 2^(days since 1970-01-01): an event's weight
--   halves every day, and the order by hot is the order by today's decayed weight. The game's
--   creation counts as one event of weight 1, each play 1, each first rating (stars - 1) / 2.
ALTER TABLE games ADD COLUMN categories INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN plays BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_sum BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN top DOUBLE PRECISION NOT NULL DEFAULT 3;
ALTER TABLE games ADD COLUMN hot DOUBLE PRECISION NOT NULL DEFAULT 0;
UPDATE games SET
    plays = COALESCE((SELECT player_count FROM game_stats WHERE game_stats.game_id = games.id), 0),
    hot = created_at / 86400000.0;
CREATE INDEX games_hot ON games (kind, status, public, hot, id);
CREATE INDEX games_top ON games (kind, status, public, top, id);
CREATE INDEX games_played ON games (kind, status, public, plays, id);
CREATE INDEX games_new ON games (kind, status, public, created_at, id);

-- What a creator's stats page shows besides players and scores: winners and items found.
ALTER TABLE game_stats ADD COLUMN won_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE game_stats ADD COLUMN found_sum BIGINT NOT NULL DEFAULT 0;
UPDATE game_stats SET
    won_count = COALESCE((SELECT SUM(won) FROM submissions WHERE submissions.game_id = game_stats.game_id), 0),
    found_sum = COALESCE((SELECT SUM(found) FROM submissions WHERE submissions.game_id = game_stats.game_id), 0);

-- Results stored per game and UTC day (YYYY-MM-DD), for the creator's plays-per-day chart.
CREATE TABLE game_daily_plays (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    plays BIGINT NOT NULL,
    PRIMARY KEY (game_id, day)
);
INSERT INTO game_daily_plays (game_id, day, plays)
SELECT game_id, strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), COUNT(*)
FROM submissions GROUP BY 1, 2;

-- One rating per game and player: rater_key is the player's userKey (`acct:{id}` when logged in),
-- the key their result is stored under.
CREATE TABLE ratings (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    rater_key TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, rater_key)
);
CREATE INDEX ratings_user ON ratings (user_id);
