DROP TABLE group_members;
DROP TABLE player_groups;
