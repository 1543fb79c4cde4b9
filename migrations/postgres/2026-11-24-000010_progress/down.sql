DROP TABLE progress;
