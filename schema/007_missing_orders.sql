-- Missing orders (docs/server.md, "Missing orders"): the game's extension and civil disorder
-- settings and the GM's address, each seat's attendance, and every automatic deadline extension.
CREATE TABLE missing_orders_settings (
    game_id               INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    extensions_per_player INTEGER NOT NULL,  -- automatic extensions per seat occupancy; 0: none
    extension_seconds     INTEGER,           -- NULL: the phase's own length, at most a day
    civil_disorder_after  INTEGER NOT NULL,  -- missed phases in a row; 0: never
    gm_email              TEXT               -- where the GM is told; NULL: not mailed
);
-- Games created before keep the rules their players joined under: no automatic extension and
-- no civil disorder.
INSERT INTO missing_orders_settings (game_id, extensions_per_player, extension_seconds,
                                     civil_disorder_after, gm_email)
    SELECT id, 0, NULL, 0, NULL FROM games;

-- Per seat, for its current occupant (a replacement starts again from zero). No row: zeros.
CREATE TABLE seat_attendance (
    game_id               INTEGER NOT NULL,
    power                 TEXT NOT NULL,
    extensions_used       INTEGER NOT NULL DEFAULT 0,
    missed_phases         INTEGER NOT NULL DEFAULT 0,  -- in a row, phases it had to order
    civil_disorder_since  INTEGER,                     -- the seq whose resolution put it in CD
    PRIMARY KEY (game_id, power),
    FOREIGN KEY (game_id, power) REFERENCES seats(game_id, power) ON DELETE CASCADE
);

-- One row per seat charged for an automatic extension of a phase; a phase is extended once.
CREATE TABLE deadline_extensions (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    phase       TEXT NOT NULL,
    power       TEXT NOT NULL,
    seconds     INTEGER NOT NULL,
    deadline    INTEGER NOT NULL,  -- the new deadline
    remaining   INTEGER NOT NULL,  -- the seat's extensions left after this one
    at          INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, power)
);
