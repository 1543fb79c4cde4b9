-- Games, their per-game aggregates, score submissions and streaks.
-- Kept equivalent to migrations/postgres: only portable types (text dates and JSON,
-- times as BIGINT Unix milliseconds).

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL,
    username_lower TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE,
    role TEXT,
    created_at BIGINT NOT NULL
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('daily', 'community')),
    status TEXT NOT NULL CHECK (status IN ('approved', 'unreviewed', 'denied')),
    public BOOLEAN NOT NULL,
    prompt TEXT NOT NULL,
    -- The prompt lowercased in Rust (Unicode-aware), for case-insensitive search on both backends.
    prompt_search TEXT NOT NULL,
    submitter TEXT NOT NULL,
    owner_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    -- YYYY-MM-DD (New York) when the game is or was a daily game.
    daily_date TEXT UNIQUE,
    -- JSON array of {id, name, altSpellings}.
    items TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX games_listing ON games (kind, status, public, created_at);
CREATE INDEX games_owner ON games (owner_id, created_at);

-- Aggregates kept in the submission's transaction, so stats never scan submissions.
CREATE TABLE game_stats (
    game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    player_count BIGINT NOT NULL DEFAULT 0,
    score_sum BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE game_item_stats (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    item_id BIGINT NOT NULL,
    found_count BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, item_id)
);

-- One row per possible score (bucket = score / 10, 0..=100).
CREATE TABLE game_score_counts (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    bucket INTEGER NOT NULL,
    players BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, bucket)
);

CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_key TEXT NOT NULL,
    score INTEGER NOT NULL,
    -- JSON array of {answerId, guessedCorrectly} in the game's item order.
    answers TEXT NOT NULL,
    -- The replay log when the client sent one (JSON), else NULL.
    actions TEXT,
    -- The client address (IPv6 reduced to its /64) for the per-IP cap.
    ip TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (game_id, user_key)
);
CREATE INDEX submissions_ip ON submissions (game_id, ip, created_at);

-- Per-userKey daily streaks as of the last daily day played.
CREATE TABLE streaks (
    user_key TEXT PRIMARY KEY,
    last_played TEXT NOT NULL,
    played_streak INTEGER NOT NULL,
    won_streak INTEGER NOT NULL
);
