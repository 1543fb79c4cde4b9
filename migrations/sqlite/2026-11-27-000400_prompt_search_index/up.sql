-- PostgreSQL gets a trigram index for explore's prompt search here. SQLite, for a single
-- instance, keeps searching by scan: the same results through the same API.
SELECT 1;
