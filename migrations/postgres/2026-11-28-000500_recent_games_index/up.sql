-- Top of the week and of the month (issue 25, point 8): the games made since a time, with what
-- they are ordered and filtered by, so a page is an index-only range of this week's games and a
-- sort of them, not a walk of the all-time Top index through a year of games.
CREATE INDEX games_recent ON games (kind, status, public, created_at) INCLUDE (top, id, edition_date);
