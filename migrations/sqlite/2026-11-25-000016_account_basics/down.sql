ALTER TABLE pending_signups DROP COLUMN adult_confirmed_at;
ALTER TABLE users DROP COLUMN deleted_at;
ALTER TABLE users DROP COLUMN adult_confirmed_at;
