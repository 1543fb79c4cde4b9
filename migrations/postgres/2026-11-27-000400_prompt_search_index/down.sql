DROP INDEX IF EXISTS games_prompt_search_trgm;
