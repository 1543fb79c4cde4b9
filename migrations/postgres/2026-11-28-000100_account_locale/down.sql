ALTER TABLE pending_signups DROP COLUMN locale;
ALTER TABLE users DROP COLUMN locale;
