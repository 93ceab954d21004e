-- Observers: schema/013_observers.sql in PostgreSQL's dialect (the comments on each column are
-- there).
CREATE TABLE observers (
    game_id      BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    email        TEXT COLLATE "C" NOT NULL,
    account_id   BIGINT REFERENCES accounts (id) ON DELETE CASCADE,
    code_hash    TEXT COLLATE "C",
    created_at   BIGINT NOT NULL,
    confirmed_at BIGINT,
    PRIMARY KEY (game_id, email)
);
