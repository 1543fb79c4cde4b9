ALTER TABLE pending_signups ADD COLUMN sends INTEGER NOT NULL DEFAULT 1;
ALTER TABLE pending_signups ADD COLUMN window_started_at BIGINT NOT NULL DEFAULT 0;
DROP TABLE rate_events;
