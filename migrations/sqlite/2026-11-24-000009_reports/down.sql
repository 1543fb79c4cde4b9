DROP INDEX submissions_created_at;
DROP TABLE reports;
