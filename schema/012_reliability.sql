-- Reliability (docs/accounts.md, "Reliability"): what an account did with the seats it held,
-- recorded as it happens, so the figures are counted from the record and never typed in.
-- One row per phase a seat held by an account had to order (it had a player and something to
-- order) and that counted: ordered (on time), or missed at a passed deadline. A phase resolved
-- early (by the GM, or with everyone ready) before the seat ordered writes no row.
CREATE TABLE account_phases (
    account_id  INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    power       TEXT NOT NULL,
    outcome     TEXT NOT NULL CHECK (outcome IN ('on_time', 'missed', 'civil_disorder')),
    PRIMARY KEY (game_id, seq, power)
);
CREATE INDEX account_phases_account ON account_phases (account_id);

-- A seat an account lost before its game ended: handed to another player by the GM.
CREATE TABLE account_seats_left (
    account_id  INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power       TEXT NOT NULL,
    left_at     INTEGER NOT NULL,
    PRIMARY KEY (account_id, game_id, power, left_at)
);

-- A GM's minimum reliability to join the game (percent, 1 to 100). No row: none.
CREATE TABLE reliability_settings (
    game_id      INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    min_percent  INTEGER NOT NULL
);
