-- Absences (docs/absence.md): a seat's player declares a time away, and a deadline that would
-- fall inside it moves to its end, within limits the GM sets per game. Per seat: an absence of
-- an account is one row per seat of that account.
CREATE TABLE absence_settings (
    game_id          INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    days_per_player  INTEGER NOT NULL,  -- days of absence per seat occupant; 0: none allowed
    cooldown_phases  INTEGER NOT NULL   -- no new absence within N phases of the last; 0: off
);

CREATE TABLE absences (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power       TEXT NOT NULL,
    starts_at   INTEGER NOT NULL,
    ends_at     INTEGER NOT NULL,  -- an absence ended early: when it ended
    note        TEXT,              -- the player's; read by the player and the GM only
    status      TEXT NOT NULL CHECK (status IN ('declared', 'ended', 'cancelled', 'refused')),
    created_at  INTEGER NOT NULL,
    closed_at   INTEGER,           -- ended, cancelled or refused: when
    closed_by   TEXT               -- player | gm
);
CREATE INDEX absences_by_seat ON absences (game_id, power, id);

-- Days the GM granted a seat beyond the game's days_per_player.
CREATE TABLE absence_grants (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power    TEXT NOT NULL,
    days     INTEGER NOT NULL,
    PRIMARY KEY (game_id, power)
);

-- The deadline of phase `seq` moved by an absence: from the phase's normal deadline to the end
-- of the absences it fell inside. Ending an absence early reads the normal deadline back.
CREATE TABLE absence_moves (
    game_id          INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq              INTEGER NOT NULL,
    absence_id       INTEGER NOT NULL,
    normal_deadline  INTEGER NOT NULL,
    deadline         INTEGER NOT NULL,
    at               INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, absence_id)
);
