DROP TABLE pending_signups;
ALTER TABLE users DROP COLUMN tokens_valid_after;
ALTER TABLE users DROP COLUMN password_hash;
