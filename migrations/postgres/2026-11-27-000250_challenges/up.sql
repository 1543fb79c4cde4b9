-- "Challenge a friend": a link to a game a player finished. The friend plays the same game and,
-- once their own result is stored, sees both results side by side. The id is the secret (128
-- random bits, URL-safe base64). `daily_date` is the day the game was challenged as (played by
-- date); NULL for a community game (played by uid). `creator_key` is the creator's userKey as
-- results are stored (`acct:{id}` for an account); `creator_name` the account's username when
-- the creator was logged in, else NULL (a guest has no name).
CREATE TABLE challenges (
    id TEXT PRIMARY KEY NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    daily_date TEXT,
    creator_key TEXT NOT NULL,
    creator_name TEXT,
    -- The client address (IPv6 reduced to its /64), as for submissions.
    ip TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX challenges_by_creator ON challenges (creator_key);

-- Past days played from the archive, stored for challenges only: the archive never submits to
-- the game's stats (spec), but a challenge compares server-replayed logs. Only the log is kept;
-- the comparison replays it on the game as it is now (after any accepted dispute).
CREATE TABLE archive_results (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_key TEXT NOT NULL,
    actions TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_key)
);
CREATE INDEX archive_results_by_user ON archive_results (user_key);
