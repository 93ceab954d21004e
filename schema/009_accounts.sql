-- Accounts (docs/accounts.md): a person known by a confirmed e-mail address, who may hold seats
-- in many games. No passwords: an account signs in by a single-use link mailed to its address.
-- Like seat tokens, every secret is stored only as its SHA-256 (hex): the link tokens, the
-- session ids and the API tokens.
CREATE TABLE accounts (
    id           INTEGER PRIMARY KEY,
    email        TEXT NOT NULL UNIQUE,  -- lower-case, confirmed
    display_name TEXT NOT NULL DEFAULT '',
    time_zone    TEXT NOT NULL DEFAULT 'UTC',  -- an IANA name
    created_at   INTEGER NOT NULL
);

-- Links mailed to confirm an address: a sign-in (which creates the account on first use), or the
-- change of an account's address (account_id set; the link goes to the new address). A link
-- asked for in a browser is bound to that browser: binding_hash is the hash of the cookie the
-- request set, and only that cookie confirms it. A link asked for by mail (REGISTER) is bound to
-- no browser (binding_hash NULL).
CREATE TABLE account_links (
    token_hash   TEXT PRIMARY KEY,
    purpose      TEXT NOT NULL CHECK (purpose IN ('sign_in', 'change_email')),
    email        TEXT NOT NULL,
    account_id   INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
    binding_hash TEXT,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    used_at      INTEGER                -- set once: a link confirms once
);
CREATE INDEX account_links_expiry ON account_links (expires_at);

-- A signed-in browser: the session cookie's hash.
CREATE TABLE account_sessions (
    id_hash    TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX account_sessions_account ON account_sessions (account_id);

-- An account's API tokens for scripts: shown once, then listed by id and name only.
CREATE TABLE account_tokens (
    id         INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
);
CREATE INDEX account_tokens_account ON account_tokens (account_id, id);

-- The seats an account holds: at most one per game. A seat handed to another player (the GM's
-- replace) or deleted (a GM's new variant) loses its account with it.
CREATE TABLE seat_accounts (
    game_id    INTEGER NOT NULL,
    power      TEXT NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    bound_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, power),
    UNIQUE (account_id, game_id),
    FOREIGN KEY (game_id, power) REFERENCES seats(game_id, power) ON DELETE CASCADE
);
