-- The language a game is written in (a BCP 47 tag such as `en`, `es`, `pt-BR`, `ja`): the
-- daily puzzle has one edition per language, and explore filters community games by it.
-- Every game before this migration is English.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
