-- Forgot-password links. Only the SHA-256 of each link's token is stored; a used or expired
-- row no longer works and still counts toward the per-account cap on reset e-mails.
-- Note: users.tokens_valid_after holds Unix *milliseconds* (compared with the token's iat_ms),
-- so a reset invalidates tokens issued earlier in the same second.
CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at);
