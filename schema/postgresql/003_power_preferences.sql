-- Assigning powers (docs/assignment.md); the same tables as SQLite's 010_power_preferences.sql.
CREATE TABLE power_assignment (
    game_id      BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    mode         TEXT COLLATE "C" NOT NULL CHECK (mode IN ('first-come', 'preference', 'random'))
);

CREATE TABLE join_list (
    game_id      BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    place        BIGINT NOT NULL,
    player       TEXT COLLATE "C" NOT NULL,
    email        TEXT COLLATE "C",
    token_hash   TEXT COLLATE "C" NOT NULL UNIQUE,
    ranking      TEXT COLLATE "C",
    power        TEXT COLLATE "C",
    joined_at    BIGINT NOT NULL,
    PRIMARY KEY (game_id, place)
);
