-- The account's session generation: every login token carries the value it was issued under,
-- and logout and password reset add one, so every token of the session ends with it (renewals
-- in flight included: a renewal copies its token's generation, never this column).
ALTER TABLE users ADD COLUMN session_version BIGINT NOT NULL DEFAULT 0;
