-- Observers (docs/observers.md): addresses that follow a game and are mailed its public results.
-- An address asked for by mail is pending until its owner answers the confirmation code mailed
-- to it (code_hash: the code's SHA-256, hex; NULL once confirmed). An account's follow by the API
-- is confirmed at once (account_id set): its address is already confirmed.
CREATE TABLE observers (
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    email        TEXT NOT NULL,          -- lower-case
    account_id   INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
    code_hash    TEXT,                   -- pending confirmation; NULL once confirmed
    created_at   INTEGER NOT NULL,       -- when the (last) confirmation code was mailed
    confirmed_at INTEGER,
    PRIMARY KEY (game_id, email)
);
