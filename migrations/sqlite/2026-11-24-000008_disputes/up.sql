-- "I was right": a player's claim that one of their wrong guesses in a finished game names an
-- item. One per (game, userKey, normalised guess). An admin accepts a claim for every player
-- who made it (the guess becomes an alternative spelling of `item_id` and the game's results
-- are regraded) or rejects it.
CREATE TABLE disputes (
    id INTEGER PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_key TEXT NOT NULL,
    -- The logged-in account that disputed, if any.
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    -- As typed (trimmed); guess_key is game-core's normalise(guess), what groups claims.
    guess TEXT NOT NULL,
    guess_key TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'rejected')),
    -- The item the accepted guess became a spelling of.
    item_id BIGINT,
    ip TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    resolved_at BIGINT,
    UNIQUE (game_id, user_key, guess_key)
);
CREATE INDEX disputes_by_status ON disputes (status, game_id, guess_key);
CREATE INDEX disputes_by_user_key ON disputes (user_key);
