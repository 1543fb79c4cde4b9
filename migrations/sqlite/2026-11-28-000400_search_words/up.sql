-- Prompt search by words (server/src/games/search.rs): each game keeps its prompt's normalised
-- words, separated by spaces; the server writes them with the prompt, and at start for games
-- stored without them (NULL). SQLite, for a single instance, searches them by scan.
ALTER TABLE games ADD COLUMN search_words TEXT;
