-- SHA-256 of the sign-up token request-code answers: verify-code needs the token, and only a
-- request presenting it may replace an unexpired pending sign-up. Rows from before have none
-- (no token hashes to ''), so their codes no longer verify; a new request-code after they
-- expire starts over.
ALTER TABLE pending_signups ADD COLUMN signup_token_hash TEXT NOT NULL DEFAULT '';
