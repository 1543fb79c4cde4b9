-- A logged-in player's in-progress game: its action log (JSON), so another device continues it.
-- Deleted once the game's result is stored.
CREATE TABLE progress (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    actions TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
