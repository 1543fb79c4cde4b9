-- Accounts: a password (argon2id PHC string) and the time before which issued tokens are void;
-- sign-ups wait in pending_signups until their e-mailed code is verified.
-- Kept equivalent to migrations/postgres.

-- Seeded and imported users have no password (NULL) until they reset it.
ALTER TABLE users ADD COLUMN password_hash TEXT;
-- Unix seconds: tokens issued before this are rejected (moved by a password change or reset).
ALTER TABLE users ADD COLUMN tokens_valid_after BIGINT NOT NULL DEFAULT 0;

CREATE TABLE pending_signups (
    -- Lowercased e-mail: one pending sign-up per address; a resend replaces its code.
    email TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    username_lower TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    -- SHA-256 of the 6-digit code (hex); never the code itself.
    code_hash TEXT NOT NULL,
    wrong_tries INTEGER NOT NULL DEFAULT 0,
    -- Codes sent to this address in the current window, capping resends.
    sends INTEGER NOT NULL DEFAULT 1,
    window_started_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
