-- Group channels: the chat webhook a group's owner connected (one per group), and the outbox
-- of messages to it. The URL is the webhook's secret: only the owner's own page ever shows
-- its host, never the rest.
CREATE TABLE group_channels (
    group_id BIGINT PRIMARY KEY REFERENCES player_groups (id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    -- 'discord' or 'slack': the JSON body the webhook takes.
    kind TEXT NOT NULL,
    -- When the address was last saved: boards go out for the days that end after it.
    connected_at BIGINT NOT NULL,
    -- Failed attempts in a row; a delivery resets it.
    failures BIGINT NOT NULL DEFAULT 0,
    disabled_at BIGINT,
    disabled_reason TEXT,
    last_delivery_at BIGINT,
    last_error TEXT
);

-- One row per message: a member's result ('result:{day}:{user id}'), a day's board
-- ('board:{day}') or a test; the unique key makes each queued once, whichever instance
-- queues it. A row is claimed by an instance until `claimed_until` while it sends; 'pending'
-- rows are retried at `next_attempt_at`; 'sent' and 'dropped' rows are kept a few days (the
-- keys of the day must stay) and then deleted.
CREATE TABLE channel_deliveries (
    id INTEGER PRIMARY KEY,
    group_id BIGINT NOT NULL REFERENCES group_channels (group_id) ON DELETE CASCADE,
    dedupe_key TEXT NOT NULL,
    message TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    finished_at BIGINT,
    UNIQUE (group_id, dedupe_key)
);
CREATE INDEX channel_deliveries_due ON channel_deliveries (status, next_attempt_at);
