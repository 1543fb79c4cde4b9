DROP INDEX games_edition_date;
ALTER TABLE games DROP COLUMN edition_date;
