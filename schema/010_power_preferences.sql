-- Assigning powers (docs/assignment.md): how a game's powers go to its players, and the join
-- list of a game that assigns them by preference or at random.
--
-- A game without a row here assigns first come, first served, as every game did before.
CREATE TABLE power_assignment (
    game_id      INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    mode         TEXT NOT NULL CHECK (mode IN ('first-come', 'preference', 'random'))
);

-- A player on the join list, in the order they joined (`place`, from 0). Their token is the
-- seat token they keep once the game assigns them a power (`power`, set then). `ranking` is a
-- JSON array of power names, most wanted first; NULL or [] is "any". Private to the player
-- (and the GM): no other player reads it.
CREATE TABLE join_list (
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    place        INTEGER NOT NULL,
    player       TEXT NOT NULL,
    email        TEXT,
    token_hash   TEXT NOT NULL UNIQUE,
    ranking      TEXT,
    power        TEXT,
    joined_at    INTEGER NOT NULL,
    PRIMARY KEY (game_id, place)
);
