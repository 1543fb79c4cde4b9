-- PostgreSQL gets an index of recent games for Top of the week and month here. SQLite, for a
-- single instance, reads them through games_new: the same results through the same API.
SELECT 1;
