-- Reliability (docs/accounts.md, "Reliability"): PostgreSQL's form of schema/012_reliability.sql.
CREATE TABLE account_phases (
    account_id  BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    power       TEXT COLLATE "C" NOT NULL,
    outcome     TEXT COLLATE "C" NOT NULL CHECK (outcome IN ('on_time', 'missed', 'civil_disorder')),
    PRIMARY KEY (game_id, seq, power)
);
CREATE INDEX account_phases_account ON account_phases (account_id);

CREATE TABLE account_seats_left (
    account_id  BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    power       TEXT COLLATE "C" NOT NULL,
    left_at     BIGINT NOT NULL,
    PRIMARY KEY (account_id, game_id, power, left_at)
);

CREATE TABLE reliability_settings (
    game_id      BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    min_percent  BIGINT NOT NULL
);
