-- Prompt search by words (server/src/games/search.rs): each game keeps its prompt's normalised
-- words, separated by spaces, and a GIN index over them as a tsvector answers a search of word
-- beginnings from the index (issue 25, point 8). The server writes the words with the prompt,
-- and at start for games stored without them (NULL: before this release, or by an older
-- instance during a rolling deploy).
ALTER TABLE games ADD COLUMN search_words TEXT;
CREATE INDEX games_search_words ON games USING gin (array_to_tsvector(array_remove(string_to_array(search_words, ' '), '')));
