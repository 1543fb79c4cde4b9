ALTER TABLE games DROP COLUMN language;
