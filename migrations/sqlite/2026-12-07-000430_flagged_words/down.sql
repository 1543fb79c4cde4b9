ALTER TABLE games DROP COLUMN flagged_words;
