-- Explore's prompt search (`LIKE '%…%'` on prompt_search) through a trigram index, so that a
-- search answers from the index instead of scanning every game (issue 25, point 8). pg_trgm is
-- one of PostgreSQL's own contrib extensions; creating it needs the CREATE privilege on the
-- database (docs/operations.md, PostgreSQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS games_prompt_search_trgm ON games USING gin (prompt_search gin_trgm_ops);
