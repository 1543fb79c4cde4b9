ALTER TABLE pending_signups DROP COLUMN signup_token_hash;
