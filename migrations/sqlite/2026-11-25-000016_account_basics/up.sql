-- Account basics (issue 23, point 7). Kept equivalent to migrations/postgres. Additive only.
--
-- adult_confirmed_at: when the player confirmed at sign-up that they are 18 or older (Unix ms);
--   NULL for accounts from before the confirmation was asked for. A pending sign-up carries it
--   from request-code to the account verify-code creates.
-- deleted_at: when the player deleted the account (Unix ms). The row stays as a scrubbed
--   tombstone (no e-mail, username, password or role; a new session generation) so that its id
--   is never handed to a new account (SQLite reuses the highest rowid of a deleted row) and no
--   token of it can ever pass again; the e-mail and username are free for a new sign-up.
ALTER TABLE users ADD COLUMN adult_confirmed_at BIGINT;
ALTER TABLE users ADD COLUMN deleted_at BIGINT;
ALTER TABLE pending_signups ADD COLUMN adult_confirmed_at BIGINT;
