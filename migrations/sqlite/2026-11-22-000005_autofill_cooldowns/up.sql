-- When each account last used autofill (Unix milliseconds), for its per-user cooldown. Kept in
-- the database so the cooldown holds across server instances and restarts; one row per user,
-- claimed with a conditional UPDATE or an INSERT (both backends, no upsert syntax needed).
CREATE TABLE autofill_cooldowns (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    last_used_at BIGINT NOT NULL
);
