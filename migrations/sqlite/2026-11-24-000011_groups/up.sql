-- Groups of players comparing their daily results. A group belongs to its owner (deleted with
-- the owner's account); players join by the invite code, which the owner can replace (the old
-- one then stops working). The code is kept as it is, not hashed: the owner's page shows the
-- invite link again whenever asked, and a code only ever grants a seat in one group.
CREATE TABLE player_groups (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    invite_code TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE INDEX player_groups_by_owner ON player_groups (owner_id);

-- Every member, the owner included.
CREATE TABLE group_members (
    group_id BIGINT NOT NULL REFERENCES player_groups (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_by_user ON group_members (user_id);
