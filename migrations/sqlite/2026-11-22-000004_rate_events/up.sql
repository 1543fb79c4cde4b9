-- Rate limiting: one row per counted request, per bucket ("login-ip", "login-account", …) and
-- key (an address, IPv6 by /64, or the SHA-256 of an e-mail / user id). Counted in the
-- database so limits hold across instances and restarts; rows older than their window are
-- pruned. Kept equivalent to migrations/postgres.
CREATE TABLE rate_events (
    id INTEGER PRIMARY KEY,
    bucket TEXT NOT NULL,
    key TEXT NOT NULL,
    -- Unix milliseconds.
    at BIGINT NOT NULL
);
CREATE INDEX rate_events_lookup ON rate_events (bucket, key, at);
CREATE INDEX rate_events_age ON rate_events (at);

-- The old resend cap on sign-up codes: now the request-code-account bucket above.
ALTER TABLE pending_signups DROP COLUMN sends;
ALTER TABLE pending_signups DROP COLUMN window_started_at;
