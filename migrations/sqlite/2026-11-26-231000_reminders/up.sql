-- Daily reminders (issue 26): one row per player (a guest's userKey or `account:{id}`), the
-- browsers' push subscriptions, and the server's own keys (the VAPID key pair).
CREATE TABLE reminders (
    player_key TEXT PRIMARY KEY NOT NULL,
    -- The account of an `account:` key: where e-mail reminders go.
    user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
    push BOOLEAN NOT NULL DEFAULT FALSE,
    email BOOLEAN NOT NULL DEFAULT FALSE,
    -- Minutes after local midnight (19:00 = 1140) in `time_zone` (an IANA name).
    local_minute INTEGER NOT NULL,
    time_zone TEXT NOT NULL,
    -- TRUE: only when the player has a streak that today's game would keep.
    only_streak BOOLEAN NOT NULL DEFAULT FALSE,
    -- When the next reminder is due (Unix ms); NULL while neither channel is on.
    next_due_at BIGINT,
    -- The player's local date whose reminder was last handled (sent or skipped): one a day.
    last_day TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX reminders_next_due ON reminders (next_due_at);

CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY NOT NULL,
    player_key TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player_key);

CREATE TABLE server_keys (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
