DROP TABLE archive_results;
DROP TABLE challenges;
