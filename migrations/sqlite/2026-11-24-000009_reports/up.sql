-- "Report this game": one report per player (userKey) per community game, with a reason from a
-- short list and optional details. Open until an admin dismisses the game's reports or hides
-- the game; resolved rows are kept (a player cannot report the same game twice).
CREATE TABLE reports (
    id INTEGER PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_key TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    reason TEXT NOT NULL CHECK (reason IN ('offensive', 'spoiler', 'wrong-answers', 'spam', 'other')),
    details TEXT NOT NULL,
    -- The client address (IPv6 reduced to its /64), as for submissions.
    ip TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'dismissed', 'hidden')),
    created_at BIGINT NOT NULL,
    resolved_at BIGINT,
    UNIQUE (game_id, user_key)
);
CREATE INDEX reports_by_status ON reports (status, game_id);

-- Admin insights count results per day by their time.
CREATE INDEX submissions_created_at ON submissions (created_at);
