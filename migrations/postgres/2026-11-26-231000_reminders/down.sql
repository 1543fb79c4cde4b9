DROP TABLE server_keys;
DROP TABLE push_subscriptions;
DROP TABLE reminders;
