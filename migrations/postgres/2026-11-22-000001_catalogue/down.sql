DROP TABLE streaks;
DROP TABLE submissions;
DROP TABLE game_score_counts;
DROP TABLE game_item_stats;
DROP TABLE game_stats;
DROP TABLE games;
DROP TABLE users;
