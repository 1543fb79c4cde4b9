DROP INDEX IF EXISTS games_search_words;
ALTER TABLE games DROP COLUMN search_words;
