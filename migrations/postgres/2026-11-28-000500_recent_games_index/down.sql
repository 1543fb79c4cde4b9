DROP INDEX IF EXISTS games_recent;
